// The local SMTP capture: every mail the services send in local mode lands in
// Postgres (devmail.messages) instead of anyone's inbox; /dev/mails shows them.
// No TLS and no authentication, on loopback only.
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { ensureMailTable, insertMessage } from './mail-store.mjs';

const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
const silent = { info() {}, warn() {}, error() {} };

/**
 * @param {{ smtpPort: number, databaseUrl: string, host?: string,
 *           logger?: { info: Function, warn: Function, error: Function } }} options
 *   `logger` is pino-style (`logger.info(fields, message)`); `smtpPort` 0 picks a free port.
 * @returns {Promise<{ port: number, close: () => Promise<void> }>}
 */
export async function startMailCapture({ smtpPort, databaseUrl, host = '127.0.0.1', logger = silent }) {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 4,
    application_name: 'meridian-mail-capture',
  });
  pool.on('error', (error) => logger.warn({ err: error }, 'mail capture lost a database connection'));
  await ensureMailTable(pool);

  const server = new SMTPServer({
    name: 'meridian-mail-capture',
    banner: 'Meridian local mail capture',
    logger: false,
    size: MAX_MESSAGE_BYTES,
    disabledCommands: ['STARTTLS'],
    // A sender configured with credentials must still get through: any login is accepted.
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData(stream, session, callback) {
      // smtp-server resets the session for the next mail on the connection: copy the envelope first.
      const envelope = {
        mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        rcptTo: session.envelope.rcptTo.map((recipient) => recipient.address),
      };
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message exceeds the capture size limit'), { responseCode: 552 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        store(pool, envelope, raw).then(
          (id) => {
            logger.info({ mail_id: id, recipients: envelope.rcptTo.length }, 'mail captured');
            callback(null, `Captured as ${id}`);
          },
          (error) => {
            logger.error({ err: error }, 'mail capture could not store a mail');
            callback(Object.assign(new Error('Could not store the mail'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  server.on('error', (error) => logger.warn({ err: error }, 'mail capture connection error'));

  try {
    await new Promise((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(smtpPort, host, () => {
        server.server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await pool.end();
    throw error;
  }
  const { port } = server.server.address();
  logger.info({ port, host }, 'mail capture listening');

  return {
    port,
    async close() {
      await new Promise((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}

async function store(pool, envelope, raw) {
  const parsed = await simpleParser(raw, { skipImageLinks: true });
  return insertMessage(pool, { envelope, parsed, raw });
}
