import { campaignMessageId, trackBody, unsubscribeHeaders } from './message-builder';

const urls = {
  open: 'https://m.test/t/o/OPEN',
  click: (link: number) => `https://m.test/t/c/C${link}`,
  unsubscribe: 'https://m.test/t/u/UNSUB',
};

describe('message builder', () => {
  it('rewrites http(s) links to click URLs in body order, each URL once, originals decoded', () => {
    const html = [
      '<a href="https://shop.test/a?x=1&amp;y=2">A</a>',
      "<a class='b' href='http://shop.test/b'>B</a>",
      '<a href="https://shop.test/a?x=1&amp;y=2">A again</a>',
    ].join('');
    const { html: out, links } = trackBody(html, urls);
    expect(links).toEqual(['https://shop.test/a?x=1&y=2', 'http://shop.test/b']);
    expect(out).toContain('<a href="https://m.test/t/c/C0">A</a>');
    expect(out).toContain("<a class='b' href='https://m.test/t/c/C1'>B</a>");
    expect(out).toContain('<a href="https://m.test/t/c/C0">A again</a>');
  });

  it('leaves mailto, tel, anchors and the unsubscribe link alone', () => {
    const html =
      '<a href="mailto:a@b.test">m</a><a href="tel:+1">t</a><a href="#top">#</a>' +
      '<a href="https://m.test/t/u/UNSUB">Unsubscribe</a>';
    const { html: out, links } = trackBody(html, urls);
    expect(links).toEqual([]);
    expect(out.startsWith(html)).toBe(true);
  });

  it('puts the open pixel before </body>, or at the end without one', () => {
    expect(trackBody('<html><body><p>x</p></body></html>', urls).html).toMatch(
      /<p>x<\/p><img src="https:\/\/m\.test\/t\/o\/OPEN"[^>]*\/><\/body><\/html>$/,
    );
    expect(trackBody('<p>x</p>', urls).html).toMatch(/^<p>x<\/p><img src="https:\/\/m\.test\/t\/o\/OPEN"/);
  });

  it('builds the one-click unsubscribe headers and a deterministic Message-ID', () => {
    expect(unsubscribeHeaders(urls.unsubscribe)).toEqual({
      'List-Unsubscribe': '<https://m.test/t/u/UNSUB>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const id = '3f1c2d4e-0000-4000-8000-000000000001';
    expect(campaignMessageId(id, 'News@Acme.TEST')).toBe(`<${id}@acme.test>`);
    expect(campaignMessageId(id, 'News@Acme.TEST')).toBe(campaignMessageId(id, 'news@acme.test'));
  });
});
