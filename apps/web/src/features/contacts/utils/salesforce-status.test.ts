import { describe, expect, it } from 'vitest';
import { salesforceSyncStatus } from './salesforce-status';

describe(salesforceSyncStatus.name, () => {
  const error = (at: string) => ({ last_occurred: at });

  it("is 'Up-to-date' without an error, or when the records were updated after it", () => {
    expect(salesforceSyncStatus('2026-11-26T10:00:00Z', null)).toBe('Up-to-date');
    expect(salesforceSyncStatus(null, null)).toBe('Up-to-date');
    expect(salesforceSyncStatus('2026-11-26T10:00:00Z', error('2026-11-26T09:59:59Z'))).toBe('Up-to-date');
  });

  it("is 'Sync error' when the error is newer than the last update, or nothing was ever updated", () => {
    expect(salesforceSyncStatus('2026-11-26T10:00:00Z', error('2026-11-26T10:00:01Z'))).toBe('Sync error');
    expect(salesforceSyncStatus(null, error('2026-11-26T10:00:00Z'))).toBe('Sync error');
  });
});
