import MailComposer from 'nodemailer/lib/mail-composer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { CampaignTransport, OutgoingMail, SendResult } from './campaign-transport';

export interface SmtpPoolOptions {
  url: string;
  user?: string;
  password?: string;
  connections: number;
}

interface Task {
  mail: OutgoingMail;
  resolve: (result: SendResult) => void;
}

interface SmtpFailure {
  message?: string;
  responseCode?: number;
}

/**
 * Campaign SMTP over a pool of kept-open connections, shared by every batch of the process.
 * It uses the connection directly (not nodemailer's pool) because it must tell apart a failure
 * before the message data left (safe to retry) from a connection that died after the server
 * said 354 and took the data: that mail may have been accepted and is never sent again.
 */
export class SmtpCampaignTransport implements CampaignTransport {
  readonly deliveredOnAccept = true;
  private readonly queue: Task[] = [];
  private readonly idle: Lane[] = [];
  private readonly lanes: Lane[] = [];
  private closed = false;

  constructor(private readonly options: SmtpPoolOptions) {
    for (let i = 0; i < options.connections; i++) {
      const lane = new Lane(options);
      this.lanes.push(lane);
      this.idle.push(lane);
    }
  }

  send(mail: OutgoingMail): Promise<SendResult> {
    if (this.closed) return Promise.resolve({ status: 'tempfail', reason: 'mail transport closed' });
    return new Promise<SendResult>((resolve) => {
      this.queue.push({ mail, resolve });
      this.pump();
    });
  }

  private pump(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const lane = this.idle.pop()!;
      const task = this.queue.shift()!;
      void lane.deliver(task.mail).then((result) => {
        task.resolve(result);
        this.idle.push(lane);
        this.pump();
      });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0))
      task.resolve({ status: 'tempfail', reason: 'mail transport closed' });
    for (const lane of this.lanes) lane.close();
    await Promise.resolve();
  }
}

/** One SMTP connection, opened on first use and again after it breaks. */
class Lane {
  private connection: SMTPConnection | null = null;
  private readonly host: string;
  private readonly port: number;
  private readonly secure: boolean;

  constructor(private readonly options: SmtpPoolOptions) {
    const url = new URL(options.url);
    this.secure = url.protocol === 'smtps:';
    this.host = url.hostname;
    this.port = Number(url.port || (this.secure ? 465 : 25));
  }

  async deliver(mail: OutgoingMail): Promise<SendResult> {
    const raw = await compose(mail);
    let connection: SMTPConnection;
    try {
      connection = await this.open();
    } catch (error) {
      return failure(error as SmtpFailure, false);
    }
    return new Promise<SendResult>((resolve) => {
      connection.send({ from: mail.from.email, to: [mail.to] }, raw, (error, info) => {
        if (!error) {
          resolve({ status: 'sent', providerMessageId: info?.serverMessageId ?? null });
          return;
        }
        const afterData = String(connection.lastServerResponse || '').startsWith('354');
        const result = failure(error as SmtpFailure, afterData);
        // After any failure the session state is uncertain: start the next mail on a fresh one.
        this.drop();
        resolve(result);
      });
    });
  }

  private open(): Promise<SMTPConnection> {
    if (this.connection) return Promise.resolve(this.connection);
    const connection = new SMTPConnection({
      host: this.host,
      port: this.port,
      secure: this.secure,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    const url = new URL(this.options.url);
    const user = this.options.user ?? (url.username ? decodeURIComponent(url.username) : undefined);
    const pass = this.options.password ?? (url.password ? decodeURIComponent(url.password) : undefined);
    return new Promise<SMTPConnection>((resolve, reject) => {
      let settled = false;
      const fail = (error: unknown) => {
        if (this.connection === connection) this.connection = null;
        if (settled) return;
        settled = true;
        connection.close();
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      connection.on('error', fail);
      // A server closing the session (idle timeout, restart) just means: reconnect next time.
      connection.on('end', () => {
        if (this.connection === connection) this.connection = null;
      });
      connection.connect((error) => {
        if (error) return fail(error);
        const ready = () => {
          settled = true;
          this.connection = connection;
          resolve(connection);
        };
        if (!user || !pass) return ready();
        connection.login({ user, pass }, (loginError) => (loginError ? fail(loginError) : ready()));
      });
    });
  }

  private drop(): void {
    const connection = this.connection;
    this.connection = null;
    connection?.close();
  }

  close(): void {
    const connection = this.connection;
    this.connection = null;
    connection?.quit();
  }
}

function failure(error: SmtpFailure, afterData: boolean): SendResult {
  const code = error.responseCode;
  const reason = (error.message ?? 'SMTP failure').slice(0, 300);
  if (typeof code === 'number' && code >= 500) return { status: 'rejected', reason };
  if (typeof code === 'number' && code >= 400) return { status: 'tempfail', reason };
  return afterData ? { status: 'unknown', reason } : { status: 'tempfail', reason };
}

function compose(mail: OutgoingMail): Promise<Buffer> {
  return new MailComposer({
    from: { name: mail.from.name ?? '', address: mail.from.email },
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    html: mail.html,
    headers: mail.headers,
    messageId: mail.messageId,
  })
    .compile()
    .build();
}
