import { baseUrl } from './browser';

/** A mail the local capture received (GET /api/dev/mails/:id). */
export interface CapturedMail {
  id: string;
  subject: string;
  to: string[];
  html: string | null;
  text: string | null;
  /** Headers as written on the wire, keyed in lower case. */
  headers?: Record<string, string>;
}

interface MailSummary {
  id: string;
  subject: string;
}

const POLL_MS = 250;

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(new URL(path, baseUrl));
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

async function listFor(to: string): Promise<MailSummary[]> {
  const query = new URLSearchParams({ to, page_size: '200' });
  const page = await getJson<{ records: MailSummary[] }>(`/api/dev/mails?${query.toString()}`);
  // Newest first from the API; oldest first here, so mails are read in the order they came.
  return [...page.records].reverse();
}

/**
 * One address's mail in the local capture. `next()` returns the first mail that arrived after
 * the mailbox was opened (or after the previous `next()`), waiting for it to come.
 */
export interface Mailbox {
  next(options?: { subject?: RegExp; timeoutMs?: number }): Promise<CapturedMail>;
}

export async function openMailbox(address: string): Promise<Mailbox> {
  const seen = new Set((await listFor(address)).map((mail) => mail.id));
  return {
    async next({ subject, timeoutMs = 45_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const fresh = (await listFor(address)).filter((mail) => !seen.has(mail.id));
        const match = fresh.find((mail) => !subject || subject.test(mail.subject));
        if (match) {
          seen.add(match.id);
          return getJson<CapturedMail>(`/api/dev/mails/${encodeURIComponent(match.id)}`);
        }
        if (Date.now() > deadline) {
          throw new Error(
            `no mail${subject ? ` matching ${String(subject)}` : ''} for ${address} in ${timeoutMs} ms`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  };
}

/**
 * The path (and query) of the first link in a mail's HTML whose path starts with `pathPrefix`,
 * e.g. `/verify-email/`. Links are absolute, built from the platform's public address.
 */
export function linkIn(mail: CapturedMail, pathPrefix: string): string {
  const hrefs = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((match) =>
    match[1]!.replace(/&amp;/g, '&'),
  );
  for (const href of hrefs) {
    const url = new URL(href, baseUrl);
    if (url.pathname.startsWith(pathPrefix)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no ${pathPrefix} link in mail "${mail.subject}": ${hrefs.join(', ') || 'no links'}`);
}

/** The token at the end of a link path such as `/password/reset/{token}`. */
export function tokenOf(path: string): string {
  return decodeURIComponent(path.split('?')[0]!.split('/').pop() ?? '');
}
