import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, type KafkaBroker, type TestPlatform } from '@meridian/testing';
import type { Client } from 'pg';
import {
  type ChaosContext,
  FAULT_KINDS,
  type FaultKind,
  inject,
  planFaults,
  settleRestarts,
} from './fault-chaos';
import { checkInvariants, type SeedOutcome, type Unsubscribe } from './fault-invariants';
import { readEmailTopics, waitForRelay } from './fault-kafka';
import { ServiceProcess } from './fault-processes';
import { checkReports } from './fault-reports';
import { invariantLines } from './fault-report';
import { insertPersons, PERSON_DOMAIN, prepareCampaign } from './fault-scenario';
import { type FaultRates, NO_FAULTS, startFaultSmtpSink } from './fault-smtp-sink';
import { FaultWarehouseSync } from './fault-sync';
import { seededRandom } from './seeded-random';

/** The role setting of the campaign service: HTTP replicas serve calls, workers run jobs. */
export const ROLE_HTTP = 'http';
export const ROLE_WORKER = 'worker';

export const SMTP_FAULTS: FaultRates = { rcptTempfail: 0.02, dataTempfail: 0.02, dropAfterData: 0.005 };

export interface SeedOptions {
  seed: number;
  persons: number;
  db: Client;
  databaseUrl: string;
  platform: TestPlatform;
  logDir: string;
  /** More service settings (the tier's own, or from FAULT_ENV). */
  env: Record<string, string>;
  /** The Kafka broker to run on (KAFKA_BROKERS), stopped and started as a fault; else Postgres. */
  broker?: KafkaBroker;
}

export interface SeedReport {
  seed: number;
  failures: string[];
  summary: string;
  /** What was checked, with its counts (printed per seed). */
  invariants: string[];
  logDir: string;
}

/** A run whose progress stands still this long is stuck, however loaded the machine. */
const STALL_MS = 300_000;

/**
 * Injects the plan's faults as the run progresses until it ends. It fails when the progress
 * stands still for STALL_MS (a stuck run) or past `timeoutMs` in all; the long version on a
 * loaded machine moves slowly but moves.
 */
async function waitForRun(c: ChaosContext, plan: ReturnType<typeof planFaults>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let next = 0;
  let last = { progress: -1, at: Date.now() };
  for (;;) {
    const arrived = c.sink.arrivals.filter((a) => a.outcome !== 'tempfailed').length;
    // Progress: mails that reached the sink, or messages with an outcome when few are sent.
    const { rows: done } = await c.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM campaign.email_messages WHERE campaign_id = $1 AND status NOT IN ('queued', 'sending')`,
      [c.campaignId],
    );
    const progress = Math.max(arrived, done[0]?.n ?? 0);
    if (progress !== last.progress) last = { progress, at: Date.now() };
    while (next < plan.length && plan[next]!.at <= progress) {
      const fault = plan[next++]!;
      c.injected[fault.kind]++;
      // A call the tier makes during the faults (an unsubscribe) that fails is a finding, not the end of the seed.
      await inject(c, fault).catch((error: unknown) => {
        const text = `${fault.kind} at ${fault.at} failed: ${error instanceof Error ? error.message : String(error)}`;
        c.log(text);
        c.problems.push(text);
      });
    }
    await c.sync?.step().catch((error: unknown) => {
      const text = `the warehouse sync's step failed: ${error instanceof Error ? error.message : String(error)}`;
      c.log(text);
      c.problems.push(text);
    });
    for (const service of [c.http, c.reports, c.auth, ...c.workers])
      if (service.crashed) {
        service.crashes++;
        c.log(`${service.name} exited by itself: started again`);
        service.start();
      }
    const { rows } = await c.db.query<{ state: string }>(
      'SELECT state FROM campaign.campaign_runs WHERE campaign_id = $1',
      [c.campaignId],
    );
    if (rows.length > 0 && rows.every((r) => ['finished', 'cancelled', 'skipped'].includes(r.state))) {
      // A run that outpaced the schedule leaves faults that would hit nothing.
      if (next < plan.length) c.log(`run ended with ${plan.length - next} faults not injected`);
      return null;
    }
    const states = `states: ${rows.map((r) => r.state).join(', ') || 'no run'}, ${arrived} mails arrived`;
    if (Date.now() - last.at > STALL_MS)
      return `the run made no progress for ${STALL_MS / 1000} s (${states}, ${progress} messages done)`;
    if (Date.now() > deadline)
      return `the run did not end within ${Math.round(timeoutMs / 1000)} s (${states})`;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function collect(db: Client, organisationId: string, campaignId: string) {
  const rows = async <T>(text: string) => (await db.query(text, [campaignId])).rows as T[];
  const audience = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM campaign.persons WHERE organisation_id = $1 AND email LIKE $2`,
    [organisationId, `%@${PERSON_DOMAIN}`],
  );
  return {
    audience: audience.rows[0]!.n,
    runs: await rows<SeedOutcome['runs'][number]>(
      'SELECT id, state FROM campaign.campaign_runs WHERE campaign_id = $1',
    ),
    runPersons: await rows<SeedOutcome['runPersons'][number]>(
      'SELECT person_id, state FROM campaign.run_persons WHERE campaign_id = $1',
    ),
    messages: await rows<SeedOutcome['messages'][number]>(
      `SELECT id, person_id, email, message_id, status, (extract(epoch FROM created_at) * 1000)::float8 AS created_at
         FROM campaign.email_messages WHERE campaign_id = $1`,
    ),
    events: await rows<SeedOutcome['events'][number]>(
      `SELECT id::text AS id, name, payload ->> 'message_id' AS message_id FROM campaign.outbox
        WHERE name LIKE 'campaign.email.%' AND payload ->> 'campaign_id' = $1`,
    ),
  };
}

/**
 * What the broker carries for the campaign, once the outbox relay has published all of it (the
 * broker's last restart may have left it retrying). A relay that never catches up is a failure.
 */
async function brokerEvents(db: Client, broker: KafkaBroker, campaignId: string, seed: number) {
  const waiting = await waitForRelay(db, campaignId, 120_000);
  const events = await readEmailTopics(broker.brokers, campaignId, `fault-check-${seed}-${campaignId}`);
  return {
    events,
    problem:
      waiting > 0 ? `${waiting} email events still unpublished in the outbox 120 s after the run` : null,
  };
}

/**
 * One seed: a fresh organisation and campaign, the service as one HTTP process and two
 * workers, the seed's faults injected as the run progresses, then the invariants.
 */
export async function runSeed(o: SeedOptions): Promise<SeedReport> {
  const logDir = join(o.logDir, `seed-${o.seed}`);
  mkdirSync(logDir, { recursive: true });
  const log = (line: string) =>
    appendFileSync(join(logDir, 'faults.log'), `${new Date().toISOString()} ${line}\n`);
  const sink = await startFaultSmtpSink(o.seed, SMTP_FAULTS);
  const httpPort = await freePort();
  // The auth service the others ask about tokens: a process of the tier's, killed like them. The
  // test platform's own auth process makes the organisation and its user.
  const auth = new ServiceProcess(
    'auth',
    await freePort(),
    {
      DATABASE_URL: o.databaseUrl,
      SMTP_URL: o.platform.mails.url,
      PUBLIC_BASE_URL: 'http://localhost:8080',
      MERIDIAN_MODE: 'local',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...(o.broker ? { KAFKA_BROKERS: o.broker.brokers } : {}),
      ...o.env,
    },
    logDir,
    'auth',
  );
  const env = {
    DATABASE_URL: o.databaseUrl,
    AUTH_SERVICE_URL: auth.url,
    SMTP_URL: sink.url,
    PUBLIC_BASE_URL: `http://127.0.0.1:${httpPort}`,
    MERIDIAN_MODE: 'local',
    LOG_LEVEL: 'warn',
    UPLOAD_DIR: join(logDir, 'uploads'),
    ...(o.broker ? { KAFKA_BROKERS: o.broker.brokers } : {}),
    ...o.env,
  };
  const http = new ServiceProcess('http', httpPort, { ...env, SERVICE_ROLE: ROLE_HTTP }, logDir);
  // The reports service counts the run's email events through its own kills.
  const reports = new ServiceProcess('reports', await freePort(), env, logDir, 'reports');
  const workers = await Promise.all(
    [1, 2].map(
      async (n) =>
        new ServiceProcess(`worker-${n}`, await freePort(), { ...env, SERVICE_ROLE: ROLE_WORKER }, logDir),
    ),
  );
  const unsubscribes: Unsubscribe[] = [];
  const oneClicks: string[] = [];
  let sync: FaultWarehouseSync | undefined;
  try {
    const who = await o.platform.newOrganisation();
    auth.start();
    await auth.ready();
    http.start();
    reports.start();
    // The integrations service (the warehouse sync) starts beside it: other schemas, other migrations.
    const syncStart = FaultWarehouseSync.start({
      seed: o.seed,
      rows: o.persons,
      db: o.db,
      env: {
        ...env,
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
        CAMPAIGN_SERVICE_URL: http.url,
      },
      logDir,
      who,
      random: seededRandom(o.seed, 'sync-chaos'),
      log,
    });
    await http.ready();
    await reports.ready();
    sync = await syncStart;
    const organisationId = who.organisation.id;
    await insertPersons(o.db, organisationId, o.persons);
    const { campaignId, publish } = await prepareCampaign(http.url, who, o.seed);
    await sync.setUp();
    for (const worker of workers) worker.start();
    const random = seededRandom(o.seed, 'chaos');
    const plan = planFaults(random, o.persons, o.broker !== undefined);
    log(`plan: ${plan.map((f) => `${f.kind}@${f.at}`).join(' ')}`);
    const c: ChaosContext = {
      ...{
        random,
        db: o.db,
        who,
        http,
        reports,
        auth,
        workers,
        sink,
        organisationId,
        campaignId,
        seed: o.seed,
      },
      broker: o.broker,
      ...{
        unsubscribes,
        oneClicks,
        log,
        injected: Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<FaultKind, number>,
        problems: [],
      },
      sync,
    };
    await publish();
    // The sync runs while the campaign runs, over some of the persons it is mailing.
    await sync.save();
    const timeout = await waitForRun(c, plan, 180_000 + o.persons * 250);
    await settleRestarts();
    const synced = await sync.finish(300_000 + o.persons * 100);
    sink.setRates(NO_FAULTS);
    const relayed = o.broker ? await brokerEvents(o.db, o.broker, campaignId, o.seed) : null;
    const outcome: SeedOutcome = {
      ...(await collect(o.db, organisationId, campaignId)),
      arrivals: sink.arrivals,
      unsubscribes,
      ...(relayed ? { broker: relayed.events } : {}),
    };
    const counted = await checkReports(o.db, campaignId, outcome.messages.length, 180_000);
    const failures = [
      ...(timeout ? [timeout] : []),
      ...c.problems,
      ...(relayed?.problem ? [relayed.problem] : []),
      ...checkInvariants(outcome),
      ...counted.failures,
      ...synced.failures.map((failure) => `sync: ${failure}`),
    ];
    // A seed that sent little proves little: say why instead of passing.
    const tried = outcome.messages.filter((m) => m.status !== 'not_sent').length;
    if (tried < outcome.audience * 0.5) {
      const { rows: reasons } = await o.db.query<{ reason: string; n: number }>(
        `SELECT coalesce(reason, '(none)') AS reason, count(*)::int AS n FROM campaign.email_messages
          WHERE campaign_id = $1 AND status = 'not_sent' GROUP BY 1 ORDER BY 2 DESC LIMIT 3`,
        [campaignId],
      );
      failures.push(
        `only ${tried} of ${outcome.audience} persons were sent to, so the faults met little sending ` +
          `(not sent: ${reasons.map((r) => `${r.n} '${r.reason}'`).join(', ')})`,
      );
    }
    const stillSubscribed = await o.db.query<{ email: string }>(
      `SELECT email FROM campaign.persons WHERE organisation_id = $1 AND email = ANY($2) AND NOT unsubscribed`,
      [organisationId, oneClicks],
    );
    for (const { email } of stillSubscribed.rows)
      failures.push(`${email} used one-click unsubscribe and is still subscribed`);
    const crashes = [http, reports, auth, ...workers].reduce((n, p) => n + p.crashes, 0);
    const count = (status: string) => outcome.messages.filter((m) => m.status === status).length;
    const summary =
      `${outcome.runPersons.length} persons; sent ${count('sent')}, not sent ${count('not_sent')}, ` +
      `dropped ${count('dropped')}, outcome unknown ${count('outcome_unknown')}; ` +
      `${c.injected.kill} worker kills, ${c.injected['kill-http']} HTTP process kills, ` +
      `${c.injected['kill-reports']} reports kills, ${c.injected['kill-auth']} auth kills, ` +
      `${c.injected.terminate} connection terminations, ` +
      (o.broker ? `${c.injected.broker} broker restarts, ` : '') +
      `${sink.rcptTempfails} RCPT + ${sink.arrivals.filter((a) => a.outcome === 'tempfailed').length} DATA tempfails, ` +
      `${sink.arrivals.filter((a) => a.outcome === 'dropped').length} drops; ${unsubscribes.length + oneClicks.length} unsubscribed mid-run` +
      `${crashes > 0 ? `; ${crashes} exits of a process by itself (see the logs)` : ''}; ` +
      `warehouse sync of ${o.persons} rows: ${sync.injected.kill} integrations kills, ` +
      `${sync.injected.terminate} terminations, ${sync.pauses.length} pauses resumed`;
    log(summary);
    const invariants = invariantLines(outcome, {
      injected: c.injected,
      rcptTempfails: sink.rcptTempfails,
      crashes,
    });
    invariants.push(counted.line, ...synced.lines);
    for (const line of invariants) log(`invariant ${line}`);
    return { seed: o.seed, failures, summary, invariants, logDir };
  } finally {
    await settleRestarts();
    await Promise.all([http, reports, auth, ...workers].map((p) => p.stop()));
    await sync?.stop();
    await sink.close();
  }
}
