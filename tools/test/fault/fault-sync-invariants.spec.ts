import { checkSyncInvariants, type SyncOutcome, type SyncRunRow } from './fault-sync-invariants';

const run = (id: string, over: Partial<SyncRunRow> = {}): SyncRunRow => ({
  id,
  state: 'finished',
  error: null,
  read: 0,
  inserted: 0,
  updated: 0,
  failed: 0,
  published: 0,
  applied: 0,
  ...over,
});

/** Four rows (two campaign persons, two new), synced in a run killed once and a failed one resumed. */
function healthy(): SyncOutcome {
  const warehouse = [1, 2, 3, 4].map((id) => ({
    id,
    email: id % 2 === 1 ? `p${id}@fault.example` : `w${id}@sync.example`,
    last_name: `Synced ${id}`,
    plan: 'pro',
  }));
  return {
    warehouse,
    existing: new Set(['p1@fault.example', 'p3@fault.example']),
    runs: [
      run('r1', {
        state: 'failed',
        error: 'terminating connection',
        read: 2,
        inserted: 1,
        updated: 1,
        published: 1,
        applied: 1,
      }),
      run('r2', { read: 2, inserted: 1, updated: 1, published: 2, applied: 2 }),
    ],
    contacts: warehouse.map((r) => ({
      email: r.email,
      last_name: r.last_name,
      plan: r.plan,
      customer_id: String(r.id),
    })),
    events: 3,
    again: { run: run('r3'), events: 3 },
  };
}

describe('checkSyncInvariants', () => {
  it('passes a sync that kept every invariant', () => {
    expect(checkSyncInvariants(healthy())).toEqual([]);
  });

  it('names a run left open and a last run that did not finish', () => {
    const o = healthy();
    o.runs = [o.runs[0]!, { ...o.runs[1]!, state: 'running' }];
    expect(checkSyncInvariants(o)).toEqual(
      expect.arrayContaining([
        'sync run r2 ended in no terminal state (running)',
        "the sync's last run is running, not finished",
      ]),
    );
  });

  it('names rows read or counted twice, and batches answered twice', () => {
    const o = healthy();
    o.runs = [o.runs[0]!, { ...o.runs[1]!, read: 3, inserted: 2, applied: 3 }];
    expect(checkSyncInvariants(o)).toEqual([
      "the sync's runs count 5 rows read, the warehouse makes it 4",
      "the sync's runs count 3 rows inserted, the warehouse makes it 2",
      'sync run r2 published 2 batches, 3 answered',
    ]);
  });

  it('names events published without their checkpoint', () => {
    expect(checkSyncInvariants({ ...healthy(), events: 4, again: { run: run('r3'), events: 4 } })).toEqual([
      '4 contactsSynced events in the outbox for 3 batches the runs published',
    ]);
  });

  it('names a row missing, twice or with another value', () => {
    const o = healthy();
    o.contacts = [o.contacts[0]!, o.contacts[0]!, { ...o.contacts[2]!, plan: 'free' }];
    const [failure] = checkSyncInvariants(o);
    expect(failure).toMatch(/^4 warehouse rows not in contacts exactly once/);
    expect(failure).toContain('p1@fault.example is 2 contacts');
    expect(failure).toContain('w4@sync.example is 0 contacts');
    expect(failure).toContain('p3@fault.example has ["Synced 3","free","3"]');
  });

  it('names a second run that landed something, or never ended', () => {
    expect(
      checkSyncInvariants({ ...healthy(), again: { run: run('r3', { read: 1, updated: 1 }), events: 4 } }),
    ).toEqual(['the run after nothing changed landed something: read 1, inserted 0, updated 1, 1 events']);
    expect(checkSyncInvariants({ ...healthy(), again: null })).toEqual([
      'the run after nothing changed did not end',
    ]);
  });
});
