/** The panel's sync status (spec 2 "Salesforce sync panel"). */
export type SalesforceSyncStatus = 'Sync error' | 'Up-to-date';

/**
 * 'Up-to-date' when no error is newer than the last update of the person's records; otherwise
 * 'Sync error'. An error with no update since (or none ever) is newer.
 */
export function salesforceSyncStatus(
  lastUpdated: string | null,
  latestError: { last_occurred: string } | null,
): SalesforceSyncStatus {
  if (!latestError) return 'Up-to-date';
  if (!lastUpdated) return 'Sync error';
  return Date.parse(latestError.last_occurred) > Date.parse(lastUpdated) ? 'Sync error' : 'Up-to-date';
}
