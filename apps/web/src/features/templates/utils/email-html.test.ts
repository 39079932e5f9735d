import { describe, expect, it } from 'vitest';
import { emailDocument, exportFileName, hasVisibleContent, unsubscribeAnchor } from './email-html';
import { sendProblem } from './send-problem';

describe('unsubscribeAnchor', () => {
  it('links to the recipient unsubscribe variable and escapes the label', () => {
    expect(unsubscribeAnchor('Stop <these>')).toBe('<a href="{{ unsubscribe_url }}">Stop &lt;these&gt;</a>');
  });
});

describe('emailDocument', () => {
  it('wraps a body export into a document with a charset and the title', () => {
    const html = emailDocument('<p>Hi</p>', 'Hello & welcome');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Hello &amp; welcome</title>');
    expect(html).toContain('<body style="margin:0;padding:0;"><p>Hi</p></body>');
  });

  it('keeps the exported body element and moves leftover style rules into the head', () => {
    const html = emailDocument(
      '<body style="margin: 0;"><p class="x">Hi</p></body><style>\n.x { color: red; }\n</style>',
    );
    expect(html).toContain(
      '<style>\n.x { color: red; }\n</style>\n</head>\n<body style="margin: 0;"><p class="x">Hi</p></body>\n</html>',
    );
    expect(html.match(/<body/g)).toHaveLength(1);
  });

  it('keeps a whole document as it is', () => {
    const doc = '<html><body><p>Hi</p></body></html>';
    expect(emailDocument(doc)).toBe(doc);
  });
});

describe('exportFileName', () => {
  it('makes a safe .html name from the template name', () => {
    expect(exportFileName('  Spring Sale: 20% off! ')).toBe('spring-sale-20-off.html');
    expect(exportFileName('***')).toBe('email.html');
  });
});

describe('hasVisibleContent', () => {
  it('sees text, images and links, not empty markup or styles', () => {
    expect(hasVisibleContent('<body><style>p{}</style><div> &nbsp; </div></body>')).toBe(false);
    expect(hasVisibleContent('<body><img src="x.png"></body>')).toBe(true);
    expect(hasVisibleContent('<p>Hello</p>')).toBe(true);
  });
});

describe('sendProblem', () => {
  it('needs a subject and visible content before a test send', () => {
    expect(sendProblem(' ', '<p>Hi</p>')).toBe('Email subject should not be empty');
    expect(sendProblem('Hi', '<div></div>')).toBe("Email content shouldn't be empty");
    expect(sendProblem('Hi', '<p>Hi</p>')).toBeNull();
  });
});
