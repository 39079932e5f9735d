import { UNSUBSCRIBE_URL_PLACEHOLDER } from '@meridian/contracts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text made safe to place inside HTML (element content or a double-quoted attribute). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The anchor the 'Unsubscribe link' actions insert: the recipient's signed one-click link. */
export function unsubscribeAnchor(label = 'Unsubscribe'): string {
  return `<a href="${UNSUBSCRIBE_URL_PLACEHOLDER}">${escapeHtml(label)}</a>`;
}

/**
 * A whole email document around the visual editor's export, so mail clients get a charset and a
 * viewport. The export is a `<body>` element (or bare body content) followed by the style rules
 * that could not be inlined; those move into the head. HTML that is already a document is
 * returned as it is.
 */
export function emailDocument(exported: string, title = ''): string {
  if (/<html[\s>]/i.test(exported)) return exported;
  const styles: string[] = [];
  const content = exported
    .replace(/<style[^>]*>[\s\S]*?<\/style>/gi, (style) => {
      styles.push(style);
      return '';
    })
    .trim();
  const body = /^<body[\s>]/i.test(content) ? content : `<body style="margin:0;padding:0;">${content}</body>`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    ...styles,
    '</head>',
    body,
    '</html>',
  ].join('\n');
}

/** The file name 'Export html' downloads: the template's name, kept to safe characters. */
export function exportFileName(name: string): string {
  const base = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'email'}.html`;
}

/** Whether an email body has anything a recipient would see (text, an image, a link). */
export function hasVisibleContent(html: string): boolean {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const withoutHidden = body.replace(/<(style|script|head|title)[^>]*>[\s\S]*?<\/\1>/gi, '');
  if (/<(img|a|hr|button|video)\b/i.test(withoutHidden)) return true;
  return withoutHidden.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '';
}

/** Where a new HTML email starts: a small document with the unsubscribe link in its footer. */
export const HTML_STARTER = [
  '<!DOCTYPE html>',
  '<html lang="en">',
  '<head>',
  '  <meta charset="utf-8">',
  '  <meta name="viewport" content="width=device-width, initial-scale=1">',
  '</head>',
  '<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;">',
  '  <div style="max-width:600px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px;">',
  '    <h1 style="margin:0 0 16px;font-size:24px;color:#111827;">Hello {{ person.first_name }}</h1>',
  '    <p style="margin:0;font-size:15px;line-height:24px;color:#374151;">Write your message here.</p>',
  '  </div>',
  `  <p style="text-align:center;font-size:12px;color:#6b7280;">${unsubscribeAnchor()}</p>`,
  '</body>',
  '</html>',
  '',
].join('\n');
