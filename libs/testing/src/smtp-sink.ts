import type { AddressInfo, Socket } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) address in the mail, links first. */
  links: string[];
  /** Header lines as sent, by lower-case name (the first of a repeated header). */
  headers: Record<string, string>;
}

/**
 * How the sink answers a mail's data, decided per mail by its recipients: accept it (the
 * default), refuse it with an SMTP reply (e.g. 451 tempfail, 550 reject; nothing is kept), or
 * cut the connection after reading the data without replying (the sender cannot know whether
 * it arrived; the mail is kept in `dropped`).
 */
export type SinkAnswer = 'accept' | 'disconnect' | { code: number; message: string };

export interface SmtpSinkOptions {
  answer?: (to: string[]) => SinkAnswer;
}

export type MailMatch = { to?: string; subject?: string | RegExp } | ((mail: ReceivedMail) => boolean);

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  /** Every mail received so far. */
  readonly mails: readonly ReceivedMail[];
  /** Mails whose data was read before the sink cut the connection ('disconnect'). */
  readonly dropped: readonly ReceivedMail[];
  /** The first received mail that matches and was not handed out before; waits for it if needed. */
  waitFor(match: MailMatch, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails received and not handed out by `waitFor`. */
  unclaimed(match?: MailMatch): ReceivedMail[];
  close(): Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((entry) => entry.value.map((address) => (address.address ?? '').toLowerCase()));
}

function linksOf(html: string, text: string): string[] {
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const bare = [...`${text}\n${html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);
  return [...new Set([...hrefs, ...bare])];
}

function matcher(match: MailMatch): (mail: ReceivedMail) => boolean {
  if (typeof match === 'function') return match;
  return (mail) =>
    (match.to === undefined || mail.to.includes(match.to.toLowerCase())) &&
    (match.subject === undefined ||
      (typeof match.subject === 'string'
        ? mail.subject === match.subject
        : match.subject.test(mail.subject)));
}

/**
 * A real SMTP server on loopback that keeps what it receives, so tests check
 * mails by receiving them and follow the links inside.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const dropped: ReceivedMail[] = [];
  const sockets = new Map<string, Socket>();
  const claimed = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          const text = parsed.text ?? '';
          const headers: Record<string, string> = {};
          for (const { key, line } of parsed.headerLines)
            headers[key] ??= line.slice(line.indexOf(':') + 1).trim();
          const mail: ReceivedMail = {
            to: addresses(parsed.to),
            from: addresses(parsed.from)[0] ?? '',
            subject: parsed.subject ?? '',
            text,
            html,
            links: linksOf(html, text),
            headers,
          };
          const answer =
            options.answer?.(session.envelope.rcptTo.map((r) => r.address.toLowerCase())) ?? 'accept';
          if (answer === 'disconnect') {
            dropped.push(mail);
            sockets.get(`${session.remoteAddress}:${session.remotePort}`)?.destroy();
            return;
          }
          if (answer !== 'accept') {
            callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
            return;
          }
          mails.push(mail);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // The sockets by peer, so an answer can cut one connection.
  server.server.on('connection', (socket: Socket) => {
    const key = `${socket.remoteAddress}:${socket.remotePort}`;
    sockets.set(key, socket);
    socket.on('close', () => sockets.delete(key));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  const take = (match: MailMatch): ReceivedMail | undefined => {
    const found = mails.find((mail) => !claimed.has(mail) && matcher(match)(mail));
    if (found) claimed.add(found);
    return found;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    dropped,
    waitFor(match, timeoutMs = 30_000) {
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const found = take(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
          reject(new Error(`no matching mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    unclaimed(match = () => true) {
      return mails.filter((mail) => !claimed.has(mail) && matcher(match)(mail));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The last path segment of the first link of a mail that starts with `prefix` (e.g. a link token). */
export function linkTokenIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.links.find((candidate) => candidate.startsWith(prefix));
  if (!link)
    throw new Error(`no link starting with ${prefix} in mail '${mail.subject}': ${mail.links.join(', ')}`);
  return decodeURIComponent(new URL(link).pathname.split('/').pop()!);
}
