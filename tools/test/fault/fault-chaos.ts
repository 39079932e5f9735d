import { personUnsubscribeToggleContract } from '@meridian/contracts';
import { call, type KafkaBroker, ok, type SignedIn } from '@meridian/testing';
import type { Client } from 'pg';
import type { Response } from 'supertest';
import type { Unsubscribe } from './fault-invariants';
import { cycleBroker } from './fault-kafka';
import { APP_NAME_PREFIX, type ServiceProcess } from './fault-processes';
import { PERSON_DOMAIN } from './fault-scenario';
import type { FaultSmtpSink } from './fault-smtp-sink';
import type { Random } from './seeded-random';

export type FaultKind =
  'kill' | 'kill-http' | 'kill-reports' | 'kill-auth' | 'terminate' | 'unsubscribe' | 'one-click' | 'broker';

export const FAULT_KINDS: readonly FaultKind[] = [
  'kill',
  'kill-http',
  'kill-reports',
  'kill-auth',
  'terminate',
  'broker',
  'unsubscribe',
  'one-click',
];

/** A fault to inject once the sink has seen `at` mails arrive (a point in the run's progress). */
export interface PlannedFault {
  at: number;
  kind: FaultKind;
}

/**
 * The seed's fault schedule: kills of workers, of the HTTP process, of the reports and the auth
 * services' processes, and connection terminations
 * anywhere in the run (0: right after publishing, while the audience is taken), unsubscribes
 * once mail flows. Larger
 * runs get more of each. On Kafka the broker is stopped and started again too (drawn last, so a
 * seed's other faults are the same on both transports).
 */
export function planFaults(random: Random, persons: number, kafka = false): PlannedFault[] {
  const scale = Math.max(1, Math.round(persons / 2500));
  const last = Math.max(1, Math.floor(persons * 0.9));
  const some = (kind: FaultKind, min: number, max: number, from: number) =>
    Array.from({ length: random.int(min, max) * scale }, () => ({ at: random.int(from, last), kind }));
  return [
    ...some('kill', 2, 3, 0),
    ...some('terminate', 2, 3, 0),
    ...some('unsubscribe', 2, 3, 1),
    ...some('one-click', 1, 1, 1),
    ...some('kill-http', 1, 1, 0),
    ...some('kill-reports', 1, 1, 0),
    ...some('kill-auth', 1, 1, 0),
    ...(kafka ? some('broker', 1, 2, 0) : []),
  ].sort((a, b) => a.at - b.at);
}

export interface ChaosContext {
  random: Random;
  db: Client;
  who: SignedIn;
  http: ServiceProcess;
  /** The reports service, which counts the campaign's email events. */
  reports: ServiceProcess;
  /** The auth service the services ask about tokens (the tier's test platform makes users with its own). */
  auth: ServiceProcess;
  /** The Kafka broker the services publish to; undefined on the Postgres transport. */
  broker?: KafkaBroker;
  workers: ServiceProcess[];
  sink: FaultSmtpSink;
  organisationId: string;
  campaignId: string;
  seed: number;
  /** Persons unsubscribed mid-run, with when the call answered (the commit is before). */
  unsubscribes: Unsubscribe[];
  /** Persons unsubscribed through the one-click POST of a mail they received. */
  oneClicks: string[];
  log: (line: string) => void;
  /** Faults injected so far, by kind. */
  injected: Record<FaultKind, number>;
  /** Calls of the tier that failed while injecting. */
  problems: string[];
  /** The seed's warehouse sync, stepped (its own faults) as the run progresses. */
  sync?: { step(): Promise<void> };
}

const restarts = new Set<Promise<void>>();

/** Waits for the restarts a kill or a broker stop scheduled, so nothing is left down at the end. */
export async function settleRestarts(): Promise<void> {
  await Promise.all([...restarts]);
}

/**
 * Restarts in progress of the processes the tier's own calls go through (the campaign service's
 * HTTP process, and the auth service it asks about tokens): the calls wait for them, as a client
 * retries.
 */
const comingBack = new Map<ServiceProcess, Promise<void>>();

/** Waits until the HTTP process and the auth service answer. */
async function callable(c: ChaosContext): Promise<void> {
  for (const service of [c.auth, c.http]) {
    while (comingBack.has(service)) await comingBack.get(service);
    if (service.alive) await service.ready();
  }
}

async function kill(c: ChaosContext, target: ServiceProcess): Promise<void> {
  const downMs = c.random.int(100, 3000);
  await target.kill9();
  c.log(`kill -9 ${target.name}, back in ${downMs} ms`);
  const answers = target === c.http || target === c.auth;
  const restart = new Promise<void>((resolve) => setTimeout(resolve, downMs)).then(async () => {
    if (target.alive) return;
    target.start();
    // A process the tier calls is back once it answers; a failed start is the seed's finding.
    if (answers)
      await target.ready().catch((error: unknown) => {
        const text = `${target.name} did not answer after its restart: ${error instanceof Error ? error.message : String(error)}`;
        c.log(text);
        c.problems.push(text);
      });
  });
  restarts.add(restart);
  void restart.finally(() => restarts.delete(restart));
  if (answers) {
    const back = restart.finally(() => {
      if (comingBack.get(target) === back) comingBack.delete(target);
    });
    comingBack.set(target, back);
  }
}

/** Stops the broker, keeps it down 1-5 s, starts it again on the same ports and data. */
function brokerFault(c: ChaosContext): void {
  if (!c.broker) throw new Error('a broker fault without a broker (run with --kafka)');
  const downMs = c.random.int(1000, 5000);
  c.log(`stopping the broker for ${downMs} ms`);
  // A broker that does not come back is the seed's failure, not a crash of the tier.
  const cycle = cycleBroker(c.broker, downMs, c.log).catch((error: unknown) => {
    const text = `the broker did not start again: ${error instanceof Error ? error.message : String(error)}`;
    c.log(text);
    c.problems.push(text);
  });
  restarts.add(cycle);
  void cycle.finally(() => restarts.delete(cycle));
}

async function terminate(c: ChaosContext): Promise<void> {
  const { rows } = await c.db.query<{ n: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND application_name LIKE $1 AND pid <> pg_backend_pid()`,
    [`${APP_NAME_PREFIX}%`],
  );
  c.log(`terminated ${rows[0]?.n ?? 0} service connections`);
}

/**
 * A call right after its connections were terminated may meet a dead pooled connection once;
 * the tier is about the run's invariants, so it tries again.
 */
async function retried(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await send();
    if (response.status === 200 || attempt === 3) return ok(response);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Persons whose message is not yet made: what they get from now on must stop. */
async function unsubscribe(c: ChaosContext): Promise<void> {
  const { rows } = await c.db.query<{ id: string; email: string }>(
    `SELECT p.id, p.email FROM campaign.persons p
      WHERE p.organisation_id = $1 AND NOT p.unsubscribed AND p.email LIKE '%@' || $5
        AND NOT EXISTS (SELECT 1 FROM campaign.email_messages m WHERE m.campaign_id = $2 AND m.person_id = p.id)
      ORDER BY md5(p.id::text || $3) LIMIT $4`,
    [c.organisationId, c.campaignId, String(c.seed), c.random.int(1, 3), PERSON_DOMAIN],
  );
  for (const person of rows) {
    await callable(c);
    const response = await retried(() =>
      call(c.http.url, personUnsubscribeToggleContract, { person_id: person.id }, { token: c.who.bearer }),
    );
    if ((response.body as { unsubscribed: boolean }).unsubscribed !== true)
      throw new Error(`unsubscribing ${person.email} answered ${JSON.stringify(response.body)}`);
    c.unsubscribes.push({ personId: person.id, email: person.email, committedAt: Date.now() });
  }
  c.log(`unsubscribed ${rows.map((r) => r.email).join(', ') || 'nobody (all processed)'}`);
}

/** RFC 8058: POST the mail's List-Unsubscribe URL, as a mail client's one-click button does. */
async function oneClick(c: ChaosContext): Promise<void> {
  const taken = new Set(c.oneClicks);
  const mail = c.sink.arrivals.find(
    (a) => a.outcome === 'accepted' && a.listUnsubscribe && !taken.has(a.to[0] ?? ''),
  );
  const url = mail?.listUnsubscribe ? /<(https?:[^>]+)>/.exec(mail.listUnsubscribe)?.[1] : undefined;
  if (!mail || !url) return c.log('one-click: no received mail with a List-Unsubscribe URL yet');
  const post = () =>
    fetch(url, {
      signal: AbortSignal.timeout(30_000),
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    });
  // Like the contact's call above: right after a termination the request may meet a dead pooled
  // connection once (a 500, nothing committed); a mail provider's one-click is retried too, and
  // waits for a server that is down.
  await callable(c);
  let response = await post();
  for (let attempt = 2; response.status >= 500 && attempt <= 3; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    response = await post();
  }
  if (response.status !== 200) throw new Error(`one-click unsubscribe of ${url} answered ${response.status}`);
  c.oneClicks.push(mail.to[0]!);
  c.log(`one-click unsubscribed ${mail.to[0]} (${response.status})`);
}

export async function inject(c: ChaosContext, fault: PlannedFault): Promise<void> {
  switch (fault.kind) {
    case 'kill':
      return kill(c, c.random.pick(c.workers));
    case 'kill-http':
      return kill(c, c.http);
    case 'kill-reports':
      return kill(c, c.reports);
    case 'kill-auth':
      return kill(c, c.auth);
    case 'terminate':
      return terminate(c);
    case 'unsubscribe':
      return unsubscribe(c);
    case 'one-click':
      return oneClick(c);
    case 'broker':
      return brokerFault(c);
  }
}
