// What the developer page /dev/mails reads: captured mails, newest first, paged.
// Plain functions returning JSON-ready values, plus the routes the local gateway
// mounts (local mode only).
import pg from 'pg';
import { ensureMailTable, MESSAGES_TABLE } from './mail-store.mjs';

const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 200;

/** A bad query from the page: answered 400 with the platform's error body. */
export class MailCaptureQueryError extends Error {
  constructor(fields) {
    super(Object.values(fields)[0][0]);
    this.fields = fields;
  }
}

function positiveInt(value, fallback, max, field, problems) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    problems[field] = [`${field} must be a whole number from 1 to ${max}`];
    return fallback;
  }
  return number;
}

const summary = (row) => ({
  id: row.id,
  received_at: row.received_at.toISOString(),
  from: row.from,
  to: row.to,
  subject: row.subject,
});

/**
 * @param {string} databaseUrl
 */
export function createMailCaptureApi(databaseUrl) {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 3,
    application_name: 'meridian-mail-capture-api',
  });
  pool.on('error', () => {
    // A dropped idle connection is replaced on the next query; nothing to do.
  });
  let ready;
  // Created once per API; a failed attempt (database not up yet) is tried again on the next call.
  const table = () =>
    (ready ??= ensureMailTable(pool).catch((error) => {
      ready = undefined;
      throw error;
    }));

  return {
    /**
     * @param {{ page_number?: number|string, page_size?: number|string, to?: string }} query
     *   `to` matches any recipient containing it, ignoring case.
     */
    async listMessages(query = {}) {
      const problems = {};
      const pageNumber = positiveInt(query.page_number, 1, Number.MAX_SAFE_INTEGER, 'page_number', problems);
      const pageSize = positiveInt(query.page_size, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, 'page_size', problems);
      if (Object.keys(problems).length > 0) throw new MailCaptureQueryError(problems);
      const to =
        typeof query.to === 'string' && query.to.trim() !== '' ? query.to.trim().toLowerCase() : null;
      await table();
      const where = `where $1::text is null or exists (select 1 from unnest("to") as r where position($1 in lower(r)) > 0)`;
      const [{ rows }, counted] = await Promise.all([
        pool.query(
          // Ordered by the number, not the text the answer carries it as (9 would come before 23).
          `select id::text as id, received_at, "from", "to", subject from ${MESSAGES_TABLE} ${where}
           order by ${MESSAGES_TABLE}.id desc limit $2 offset $3`,
          [to, pageSize, (pageNumber - 1) * pageSize],
        ),
        pool.query(`select count(*)::int as total from ${MESSAGES_TABLE} ${where}`, [to]),
      ]);
      const total = counted.rows[0].total;
      return { records: rows.map(summary), total_count: total, page_count: Math.ceil(total / pageSize) };
    },

    /** The mail with its bodies and headers, or null when there is no such mail. */
    async getMessage(id) {
      if (!/^\d{1,18}$/.test(String(id))) return null;
      await table();
      const { rows } = await pool.query(
        `select id::text as id, received_at, "from", "to", subject, html, text, headers from ${MESSAGES_TABLE} where id = $1`,
        [String(id)],
      );
      if (rows.length === 0) return null;
      const [row] = rows;
      return { ...summary(row), html: row.html, text: row.text, headers: row.headers };
    },

    async deleteAll() {
      await table();
      const { rowCount } = await pool.query(`delete from ${MESSAGES_TABLE}`);
      return { deleted_count: rowCount ?? 0 };
    },

    close: () => pool.end(),
  };
}

const errorBody = (status, code, description, fields = {}) => ({
  status_code: status,
  code,
  description,
  fields,
});

/**
 * Mounts the API on a Fastify instance (the local gateway's):
 * GET /api/dev/mails, GET /api/dev/mails/:id, DELETE /api/dev/mails.
 * The API's connections close with the instance.
 */
export function registerMailCaptureRoutes(app, api) {
  app.get('/api/dev/mails', async (request, reply) => {
    try {
      return await api.listMessages(request.query ?? {});
    } catch (error) {
      if (!(error instanceof MailCaptureQueryError)) throw error;
      return reply.code(400).send(errorBody(400, 'ValidationException', error.message, error.fields));
    }
  });
  app.get('/api/dev/mails/:id', async (request, reply) => {
    const mail = await api.getMessage(request.params.id);
    return mail ?? reply.code(404).send(errorBody(404, 'NotFoundException', 'Mail not found'));
  });
  app.delete('/api/dev/mails', async () => api.deleteAll());
  app.addHook('onClose', async () => api.close());
}
