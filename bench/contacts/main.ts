/**
 * Contacts at scale: p95 of the contacts list's query shapes (first page, deep page, keyword
 * search, date filter) through the campaign service's HTTP API at ROWS contacts in one
 * organisation, against the same SQL run bare on the database in the same run, with each
 * statement's plan. Needs DATABASE_URL (a Postgres admin URL) and the built server code
 * (`node tools/build/build-server.mjs`).
 *
 *   DATABASE_URL=postgres://... ROWS=1000000 REQUESTS=200 node -r ./libs/testing/src/register-ts.cjs bench/contacts/main.ts
 */
import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import {
  personCreateContract,
  personListContract,
  settingsGetContract,
  staticListContactsListContract,
  staticListCreateContract,
} from '@meridian/contracts';
import { createLogger, createServiceApp, likePattern } from '@meridian/server-kit';
import { createTestDatabase, startTestPlatform } from '@meridian/testing';
import { appModule } from '../../apps/campaign-service/src/app.module';
import { loadConfig } from '../../apps/campaign-service/src/config';
import { keywordCondition } from '../../apps/campaign-service/src/modules/contacts/persons/contact-search';
import { personListSql } from '../../apps/campaign-service/src/modules/contacts/persons/persons.repository';
import { memberPageSql } from '../../apps/campaign-service/src/modules/contacts/static-lists/static-list-members.repository';
import { generateContacts, generateStaticList, KEYWORDS } from './generate';
import { reportBench } from '../support/bench-result.mjs';
import { ms, post, runShape, sample, type Shape } from './measure';

interface ListBody {
  page_number?: number;
  keyword?: string;
  start_date?: string;
}

const PAGE_SIZE = 10;
const TARGET_P95_MS = 150;

function repositoryQuery(body: ListBody) {
  return {
    keyword: body.keyword,
    startDate: body.start_date,
    limit: PAGE_SIZE,
    offset: ((body.page_number ?? 1) - 1) * PAGE_SIZE,
  };
}

/** The list's SQL before this work: rows skipped by OFFSET, and an exact count of every match. */
function previousSql(organisationId: string, body: ListBody) {
  const query = repositoryQuery(body);
  const params: unknown[] = [organisationId];
  const where = ['p.organisation_id = $1'];
  if (query.keyword) where.push(keywordCondition('p', `$${params.push(likePattern(query.keyword))}`));
  if (query.startDate) where.push(`p._created_time >= $${params.push(query.startDate)}::date`);
  const filter = where.join(' AND ');
  return {
    page: {
      text: `SELECT * FROM campaign.persons p WHERE ${filter} ORDER BY p._created_time DESC, p.id LIMIT ${query.limit} OFFSET ${query.offset}`,
      values: params,
    },
    count: { text: `SELECT count(*)::int AS n FROM campaign.persons p WHERE ${filter}`, values: params },
  };
}

async function main(): Promise<void> {
  const rows = Number(process.env.ROWS ?? 1_000_000);
  const requests = Number(process.env.REQUESTS ?? 200);
  const dir = await mkdtemp(join(tmpdir(), 'contacts-bench-'));
  const db = await createTestDatabase('meridian_bench');
  const platform = await startTestPlatform(db.url);
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: db.url,
    LOG_LEVEL: 'warn',
    AUTH_SERVICE_URL: platform.authServiceUrl,
    UPLOAD_DIR: join(dir, 'uploads'),
  });
  const logger = createLogger('campaign-bench', 'warn');
  const app = await createServiceApp(appModule(config, logger), logger);
  await app.listen(0, '127.0.0.1');
  const base = await app.getUrl();
  const client = new Client({ connectionString: db.url });
  await client.connect();
  // Two connections, as the service runs a page and its count side by side.
  const pool = new Pool({ connectionString: db.url, max: 2 });
  try {
    const admin = await platform.newOrganisation();
    const neighbour = await platform.newOrganisation();
    const orgOf = async (token: string, email: string) => {
      const { person_id } = await post(base, token, personCreateContract.fullPath, { email });
      const result = await client.query<{ o: string }>(
        'SELECT organisation_id AS o FROM campaign.persons WHERE id = $1',
        [person_id],
      );
      return result.rows[0]!.o;
    };
    const organisationId = await orgOf(admin.bearer, 'first@bench.example');
    const neighbourId = await orgOf(neighbour.bearer, 'first@neighbour.example');

    let start = performance.now();
    await generateContacts(client, organisationId, rows);
    // Another organisation shares the table and its indexes, as in production.
    await generateContacts(client, neighbourId, Math.ceil(rows / 10));
    console.log(
      `generated ${rows} + ${Math.ceil(rows / 10)} contacts: ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
    const { static_list } = await post(base, admin.bearer, staticListCreateContract.fullPath, {
      name: 'Everyone',
    });
    const listId = (static_list as { static_list_id: string }).static_list_id;
    start = performance.now();
    await generateStaticList(client, organisationId, listId);
    console.log(`static list of every contact: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    // What autovacuum does after a bulk load: statistics, visibility map, trigram pending lists merged.
    start = performance.now();
    await client.query('VACUUM ANALYZE campaign.persons');
    await client.query('VACUUM ANALYZE campaign.static_list_members');
    console.log(`VACUUM ANALYZE: ${((performance.now() - start) / 1000).toFixed(1)} s`);

    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const searches = KEYWORDS.map((keyword) => ({ keyword }));
    const contacts = (name: string, bodies: ListBody[], target = true): Shape<ListBody> => ({
      name,
      bodies,
      target,
      label: (body) => body.keyword ?? '',
      call: (body) =>
        post(base, admin.bearer, personListContract.fullPath, { page_size: PAGE_SIZE, ...body }),
      sql: (body) => personListSql(organisationId, repositoryQuery(body)),
      previous: (body) => previousSql(organisationId, body),
    });
    const members = (name: string, bodies: ListBody[]): Shape<ListBody> => ({
      name,
      bodies,
      target: false,
      label: (body) => body.keyword ?? '',
      call: ({ keyword, ...body }) =>
        post(base, admin.bearer, staticListContactsListContract.fullPath, {
          static_list_id: listId,
          page_size: PAGE_SIZE,
          search_keyword: keyword,
          ...body,
        }),
      sql: (body) => memberPageSql(organisationId, listId, repositoryQuery(body)),
    });
    // The floor under every figure: an authenticated call that reads one row (the token is checked by the auth service).
    const floor = await sample([{}], requests, () =>
      post(base, admin.bearer, settingsGetContract.fullPath, {}),
    );
    console.log(
      `\n${rows} contacts, page size ${PAGE_SIZE}, ${requests} requests per shape (a tenth for page 50,000)`,
    );
    console.log(`floor: authenticated settings/get p95 ${ms(floor.p95)} (p50 ${ms(floor.p50)})`);
    const shapes: [Shape<ListBody>, number][] = [
      [contacts('list, first page', [{}]), requests],
      [contacts('deep page (1,001: the last the list offers)', [{ page_number: 1001 }]), requests],
      [contacts(`keyword search (${KEYWORDS.length} keywords in turn)`, searches), requests],
      [contacts('date filter (last 30 days)', [{ start_date: monthAgo }]), requests],
      [
        contacts('page 50,000 (typed into the API)', [{ page_number: 50_000 }], false),
        Math.ceil(requests / 10),
      ],
      [members('static list of every contact, first page', [{}]), requests],
      [members(`static list search (${KEYWORDS.length} keywords in turn)`, searches), requests],
      [members('static list, date filter (last 30 days)', [{ start_date: monthAgo }]), requests],
    ];
    const measured = [];
    for (const [shape, count] of shapes)
      measured.push({ shape, ...(await runShape(shape, count, pool, TARGET_P95_MS)) });
    // Other work on the machine skews every timing; the load says how much.
    console.log(
      `load average at the end (1, 5, 15 min): ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')}`,
    );
    const held = measured.filter((m) => m.shape.target);
    reportBench({
      name: 'contacts',
      sizes: { contacts: rows, 'neighbour contacts': Math.ceil(rows / 10), 'page size': PAGE_SIZE, requests },
      baseline: {
        description: 'the bare SQL of the same statements (page and count side by side), same run; p95',
        figures: held.map((m) => ({ label: m.shape.name, value: m.bare.p95, unit: 'ms' })),
      },
      figures: [
        { label: 'floor (authenticated settings/get)', value: floor.p95, unit: 'ms' },
        ...measured
          .filter((m) => !m.shape.target)
          .map((m) => ({ label: m.shape.name, value: m.product.p95, unit: 'ms' })),
      ],
      limits: held.map((m) => ({
        label: `${m.shape.name} p95`,
        value: m.product.p95,
        unit: 'ms',
        op: '<=' as const,
        target: TARGET_P95_MS,
      })),
    });
  } finally {
    await pool.end();
    await client.end();
    await app.close();
    await platform.stop();
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
