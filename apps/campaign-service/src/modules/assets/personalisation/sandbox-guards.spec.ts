import { LiquidSandbox } from './liquid-sandbox';
import { RenderPlan } from './render-core';
import { verifyCode } from './token-code';

/**
 * Work inside one expression (a filter over a huge list) is bounded too, not only work between
 * tags; and values inserted into email HTML or JSON payloads are escaped for where they land.
 */
const sandbox = new LiquidSandbox();
const person = { first_name: 'Jane', email: 'jane@example.com', score: 3 };
const LIMIT = /limit exceeded/;

function renderError(text: string): string | null {
  try {
    sandbox.renderSync(sandbox.parse(text), { person });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('filter guards', () => {
  it.each([
    ['the issue: group_by over a range of 2.4 million', '{{ (1..2400000) | group_by: "x" | size }}'],
    ['sort over a range just under the allocation cap', '{{ (1..900000) | sort | size }}'],
    [
      'nested ranges each under the caps',
      '{% for i in (1..90000) %}{% for j in (1..90000) %}{% endfor %}{% endfor %}',
    ],
    [
      'repeated append',
      '{% assign s = "0123456789" %}{% for i in (1..30) %}{% assign s = s | append: s | append: s %}{% endfor %}',
    ],
    ['join on a huge list', '{{ (1..999999) | join: "----------------------------------------" | size }}'],
    [
      'group_by again and again on lists under the cap',
      '{% for i in (1..1000) %}{{ (1..90000) | group_by: "x" | size }}{% endfor %}',
    ],
    [
      'uniq of a split huge text',
      '{% assign s = "a" | append: "" %}{% for i in (1..19) %}{% assign s = s | append: s %}{% endfor %}{{ s | split: "" | uniq | size }}',
    ],
  ])('refuses %s', (_name, text) => {
    expect(renderError(text)).toMatch(LIMIT);
  });

  it('still runs filters over lists of a reasonable size', () => {
    expect(
      sandbox.renderSync(
        sandbox.parse('{{ (1..5000) | group_by: "x" | size }}/{{ (1..100) | reverse | first }}'),
        { person },
      ),
    ).toBe('1/100');
  });

  it('answers verify with Invalid token for the bomb of the issue', () => {
    expect(verifyCode(sandbox, '{{ (1..2400000) | group_by: "x" | size }}', { person })).toEqual({
      error: { position: null, reason: 'Invalid token', message: expect.stringMatching(LIMIT) as unknown },
    });
  });
});

describe('escaping by text mode', () => {
  const tokens = [
    { name: 'nick', code: '{{ "<b>Jo</b>" }}', default_value: '', return_type: 'string' as const },
    { name: 'tags', code: '{{ "a,\\"b" | split: "," }}', default_value: '', return_type: 'array' as const },
  ];
  const hostile = { first_name: '<script>alert(1)</script>', last_name: 'O"Neil\\', email: 'x@example.com' };

  it('escapes contact and token values in email HTML, but not in the subject', () => {
    const plan = new RenderPlan(
      sandbox,
      {
        subject: 'Hi {{ person.first_name }}',
        content: '<p>Hi {{ person.first_name }} {{ tokens.nick }}</p><a href="{{ unsubscribe_url }}">x</a>',
      },
      tokens,
      { content: 'html' },
    );
    expect(plan.render(hostile, 'https://u/1?a=1&b=2')).toEqual({
      texts: {
        subject: 'Hi <script>alert(1)</script>',
        content:
          '<p>Hi &lt;script&gt;alert(1)&lt;/script&gt; &lt;b&gt;Jo&lt;/b&gt;</p><a href="https://u/1?a=1&amp;b=2">x</a>',
      },
      errors: {},
    });
  });

  it('inserts markup as is only where the text says raw, and does not escape twice', () => {
    const plan = new RenderPlan(
      sandbox,
      { content: '{{ tokens.nick | raw }}|{{ person.first_name | escape }}' },
      tokens,
      { content: 'html' },
    );
    expect(plan.render(hostile, 'u').texts.content).toBe('<b>Jo</b>|&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('JSON-escapes values in a JSON payload, leaves json output as JSON, and does not HTML-escape', () => {
    const plan = new RenderPlan(
      sandbox,
      {
        payload:
          '{"name": "{{ person.last_name }}", "html": "{{ person.first_name }}", "tags": {{ tokens.tags | json }}}',
      },
      tokens,
      { payload: 'json' },
    );
    const body = plan.render(hostile, 'u').texts.payload ?? '';
    expect(JSON.parse(body)).toEqual({
      name: 'O"Neil\\',
      html: '<script>alert(1)</script>',
      tags: ['a', '"b'],
    });
  });
});
