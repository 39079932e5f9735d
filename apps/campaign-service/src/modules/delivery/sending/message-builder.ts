/** What tracking needs to know of one message, with its signed URLs. */
export interface TrackingLinks {
  open: string;
  click: (link: number) => string;
  unsubscribe: string;
}

export interface TrackedBody {
  html: string;
  /** The original URLs, each once, in the order they first appear: index = click token link. */
  links: string[];
}

const HREF = /(<a\b[^>]*?\bhref\s*=\s*)(["'])(.*?)\2/gis;
const TRACKABLE = /^https?:\/\//i;

const decodeAttr = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Rewrites every http(s) link of an anchor to its signed click URL and adds the open pixel.
 * mailto:, tel:, anchors and the message's own unsubscribe link are left as they are (the
 * unsubscribe link is already signed and must work without a redirect).
 */
export function trackBody(html: string, urls: TrackingLinks): TrackedBody {
  const links: string[] = [];
  const index = new Map<string, number>();
  const rewritten = html.replace(HREF, (whole, head: string, quote: string, raw: string) => {
    const url = decodeAttr(raw.trim());
    if (!TRACKABLE.test(url) || url === urls.unsubscribe) return whole;
    let at = index.get(url);
    if (at === undefined) {
      at = links.push(url) - 1;
      index.set(url, at);
    }
    return `${head}${quote}${urls.click(at)}${quote}`;
  });
  const pixel = `<img src="${urls.open}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
  const close = rewritten.search(/<\/body\s*>/i);
  const withPixel =
    close < 0 ? `${rewritten}${pixel}` : `${rewritten.slice(0, close)}${pixel}${rewritten.slice(close)}`;
  return { html: withPixel, links };
}

/** RFC 8058 one-click unsubscribe headers (the POST goes to the same signed URL). */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * The deterministic Message-ID of a campaign message: the email_messages id at the sender's
 * domain. The id is fixed when the message row is created, so every attempt (and every provider
 * notification) carries the same Message-ID.
 */
export function campaignMessageId(messageRowId: string, senderEmail: string): string {
  const domain = senderEmail.slice(senderEmail.lastIndexOf('@') + 1).toLowerCase() || 'localhost';
  return `<${messageRowId}@${domain}>`;
}
