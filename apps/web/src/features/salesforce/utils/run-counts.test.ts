import { emptySalesforceSyncCount, type SalesforceSyncRun } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { personRecords, runDetailLines, runState } from './run-counts';

const run = (overrides: Partial<SalesforceSyncRun> = {}): SalesforceSyncRun => ({
  id: 'r1',
  start_time: '2026-11-26T10:00:00.000Z',
  end_time: null,
  state: 'finished',
  sync_read_count: emptySalesforceSyncCount(),
  sync_write_count: emptySalesforceSyncCount(),
  total_records: 0,
  api_calls: 0,
  deferred_count: 0,
  error: null,
  ...overrides,
});

describe('sync run counts', () => {
  it('shows the four named states and anything else as error', () => {
    expect(
      ['finished', 'cancelled', 'processing', 'scheduled'].map((s) => runState(run({ state: s })).label),
    ).toEqual(['finished', 'cancelled', 'processing', 'scheduled']);
    expect(runState(run({ state: 'exploded' }))).toEqual({ label: 'error', color: 'red' });
  });

  it('counts person records over leads and contacts in both directions, never accounts', () => {
    const read = emptySalesforceSyncCount();
    read.lead = { inserted: 3, updated: 2, failed: 1 };
    read.account = { inserted: 50, updated: 0, failed: 0 };
    const write = emptySalesforceSyncCount();
    write.contact = { inserted: 0, updated: 4, failed: 2 };
    const r = run({ sync_read_count: read, sync_write_count: write });
    expect(personRecords(r)).toBe(12);
    expect(runDetailLines(r)).toContainEqual({
      direction: 'write',
      object: 'contact',
      imported: 0,
      updated: 4,
      errors: 2,
    });
    expect(runDetailLines(r)).toContainEqual({
      direction: 'read',
      object: 'lead',
      imported: 3,
      updated: 2,
      errors: 1,
    });
  });
});
