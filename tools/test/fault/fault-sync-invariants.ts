import type { WarehouseRow } from './fault-warehouse';

/**
 * The warehouse sync's invariants over what a seed left behind: the sync's runs, the contacts
 * the warehouse's emails name, and the contactsSynced events in the integrations outbox. Pure,
 * so the checks are tested on planted faults (fault-sync-invariants.spec.ts).
 */
export interface SyncRunRow {
  id: string;
  state: string;
  error: string | null;
  read: number;
  inserted: number;
  updated: number;
  failed: number;
  published: number;
  applied: number;
}

/** A contact of the organisation with one of the warehouse's emails. */
export interface ContactRow {
  email: string;
  last_name: string | null;
  plan: string | null;
  customer_id: string | null;
}

export interface SyncOutcome {
  warehouse: readonly WarehouseRow[];
  /** Emails of the warehouse that were persons before the sync (the campaign's). */
  existing: ReadonlySet<string>;
  /** The runs of the first pass (under the faults), oldest first. */
  runs: readonly SyncRunRow[];
  contacts: readonly ContactRow[];
  /** contactsSynced events of the sync in the outbox after the first pass. */
  events: number;
  /** The run after nothing changed, and the events after it; null when it never ended. */
  again: { run: SyncRunRow; events: number } | null;
}

export const TERMINAL_SYNC_STATES = ['finished', 'failed'];

const sum = (runs: readonly SyncRunRow[], key: keyof SyncRunRow) =>
  runs.reduce((n, r) => n + Number(r[key]), 0);

export function checkSyncInvariants(o: SyncOutcome): string[] {
  const failures: string[] = [];
  const open = o.runs.filter((r) => !TERMINAL_SYNC_STATES.includes(r.state));
  if (o.runs.length === 0) failures.push('the sync never ran');
  for (const run of open) failures.push(`sync run ${run.id} ended in no terminal state (${run.state})`);
  const last = o.runs.at(-1);
  if (last && last.state !== 'finished')
    failures.push(
      `the sync's last run is ${last.state}${last.error ? ` (${last.error})` : ''}, not finished`,
    );

  const fresh = o.warehouse.filter((r) => !o.existing.has(r.email)).length;
  const counts = {
    read: sum(o.runs, 'read'),
    inserted: sum(o.runs, 'inserted'),
    updated: sum(o.runs, 'updated'),
    failed: sum(o.runs, 'failed'),
  };
  const expected = {
    read: o.warehouse.length,
    inserted: fresh,
    updated: o.warehouse.length - fresh,
    failed: 0,
  };
  for (const key of Object.keys(expected) as (keyof typeof expected)[])
    if (counts[key] !== expected[key])
      failures.push(
        `the sync's runs count ${counts[key]} rows ${key}, the warehouse makes it ${expected[key]}`,
      );
  for (const run of o.runs)
    if (run.applied !== run.published)
      failures.push(`sync run ${run.id} published ${run.published} batches, ${run.applied} answered`);
  const published = sum(o.runs, 'published');
  if (o.events !== published)
    failures.push(
      `${o.events} contactsSynced events in the outbox for ${published} batches the runs published`,
    );

  const byEmail = new Map<string, ContactRow[]>();
  for (const contact of o.contacts)
    byEmail.set(contact.email, [...(byEmail.get(contact.email) ?? []), contact]);
  const wrong: string[] = [];
  for (const row of o.warehouse) {
    const found = byEmail.get(row.email) ?? [];
    if (found.length !== 1) wrong.push(`${row.email} is ${found.length} contacts`);
    else {
      const c = found[0]!;
      if (c.last_name !== row.last_name || c.plan !== row.plan || c.customer_id !== String(row.id))
        wrong.push(`${row.email} has ${JSON.stringify([c.last_name, c.plan, c.customer_id])}`);
    }
  }
  if (wrong.length > 0)
    failures.push(
      `${wrong.length} warehouse rows not in contacts exactly once with the warehouse's values: ` +
        `${wrong.slice(0, 5).join('; ')}${wrong.length > 5 ? '; ...' : ''}`,
    );

  if (!o.again) failures.push('the run after nothing changed did not end');
  else {
    const { run, events } = o.again;
    if (run.state !== 'finished') failures.push(`the run after nothing changed is ${run.state}`);
    if (run.read + run.inserted + run.updated + run.failed !== 0 || events !== o.events)
      failures.push(
        `the run after nothing changed landed something: read ${run.read}, inserted ${run.inserted}, ` +
          `updated ${run.updated}, ${events - o.events} events`,
      );
  }
  return failures;
}

/** What was checked, with its counts (printed per seed). */
export function syncInvariantLines(o: SyncOutcome, faults: string): string[] {
  const states = o.runs.map((r) => r.state);
  const tally = TERMINAL_SYNC_STATES.map((s) => `${s} ${states.filter((x) => x === s).length}`).join(', ');
  return [
    `sync: ${o.warehouse.length} warehouse rows (${o.existing.size} of them campaign persons) in ${o.runs.length} runs ` +
      `(${tally}); read ${sum(o.runs, 'read')}, inserted ${sum(o.runs, 'inserted')}, updated ${sum(o.runs, 'updated')}, ` +
      `failed ${sum(o.runs, 'failed')}: each row once; ${sum(o.runs, 'published')} batches, each answered once, ` +
      `${o.events} events`,
    `sync contacts: ${o.contacts.length} for ${o.warehouse.length} rows, each once with the warehouse's last name, plan and id; ` +
      `again with nothing changed: ${o.again ? `read ${o.again.run.read}, ${o.again.events - o.events} events` : 'did not end'}`,
    `sync faults: ${faults}`,
  ];
}
