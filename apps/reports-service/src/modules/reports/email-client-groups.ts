/** Spec 9: clients under this share of the tab's total are grouped into 'Others'. */
export const OTHERS_SHARE = 0.03;
export const OTHERS = 'Others';
/** Spec 9: the Others entry names at most this many clients, then 'and misc.'. */
export const OTHERS_NAMES = 10;
export const MORE_CLIENTS = 'and misc.';

export interface EmailClientRow {
  email_client: string;
  unique_open_count: number;
  total_open_count: number;
  unique_click_count_by_url: number;
  grouped_clients?: string[];
}

/**
 * The Email Clients rows of one tab: clients with any of the tab's measure (unique opens or
 * unique clicks by url), largest first, those under 3% of the total summed into one 'Others'
 * row at the end, which names them (largest first, at most 10, then 'and misc.').
 */
export function groupEmailClients(
  rows: readonly EmailClientRow[],
  measure: 'unique_open_count' | 'unique_click_count_by_url',
): EmailClientRow[] {
  const counted = rows
    .filter((r) => r[measure] > 0)
    .sort((a, b) => b[measure] - a[measure] || a.email_client.localeCompare(b.email_client));
  const total = counted.reduce((sum, r) => sum + r[measure], 0);
  const kept = counted.filter((r) => r[measure] >= total * OTHERS_SHARE);
  const small = counted.filter((r) => r[measure] < total * OTHERS_SHARE);
  if (small.length === 0) return kept.map(({ grouped_clients: _, ...r }) => r);
  const names = small.map((r) => r.email_client);
  const others: EmailClientRow = {
    email_client: OTHERS,
    unique_open_count: small.reduce((s, r) => s + r.unique_open_count, 0),
    total_open_count: small.reduce((s, r) => s + r.total_open_count, 0),
    unique_click_count_by_url: small.reduce((s, r) => s + r.unique_click_count_by_url, 0),
    grouped_clients: names.length > OTHERS_NAMES ? [...names.slice(0, OTHERS_NAMES), MORE_CLIENTS] : names,
  };
  return [...kept.map(({ grouped_clients: _, ...r }) => r), others];
}
