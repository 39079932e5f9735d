import type { UnifiedConnection } from '@meridian/contracts';

export interface CrmOverview {
  /** 'active', 'paused' or 'disabled' (spec 3: the overview defaults to disabled). */
  status: string;
  contacts: number;
  leads: number;
  lastSynced: string | null;
}

/** The overview card: the CRM connections' status, their counts of the past 24 hours, the last sync. */
export function crmOverview(connections: UnifiedConnection[]): CrmOverview {
  const crm = connections.filter((c) => c.data_type === 'CRM');
  const status = crm.some((c) => c.status === 'active')
    ? 'active'
    : crm.some((c) => c.status === 'paused')
      ? 'paused'
      : 'disabled';
  const lastSynced = crm
    .map((c) => c.last_sync_time)
    .filter((t): t is string => t !== null)
    .sort()
    .at(-1);
  return {
    status,
    contacts: crm.reduce((sum, c) => sum + c.synced_contact, 0),
    leads: crm.reduce((sum, c) => sum + c.synced_lead, 0),
    lastSynced: lastSynced ?? null,
  };
}
