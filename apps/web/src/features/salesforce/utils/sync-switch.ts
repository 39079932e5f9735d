/** The header's sync button (spec 4): which action it offers for the connection's state. */
export type SyncButtonState =
  | { action: 'start'; label: 'Start Sync'; blocked: boolean }
  | { action: 'pause'; label: 'Pause sync' }
  | { action: 'resume'; label: 'Resume sync' };

/**
 * Sync not enabled -> 'Start Sync' (blocked until at least one person field is mapped);
 * enabled and active -> 'Pause sync'; enabled and paused -> 'Resume sync'.
 */
export function syncButtonState(
  connection: { is_sync_enabled: boolean; is_sync_active: boolean },
  mappedCount: number,
): SyncButtonState {
  if (!connection.is_sync_enabled) return { action: 'start', label: 'Start Sync', blocked: mappedCount < 1 };
  return connection.is_sync_active
    ? { action: 'pause', label: 'Pause sync' }
    : { action: 'resume', label: 'Resume sync' };
}

/** The paused banner shows when the sync is on but not running (paused by hand or by an error). */
export const isSyncPaused = (connection: { is_sync_enabled: boolean; is_sync_active: boolean }) =>
  connection.is_sync_enabled && !connection.is_sync_active;
