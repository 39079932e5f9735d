/** Spec 9: entries under 3% of the total are grouped into 'Others'. */
export const OTHERS_THRESHOLD = 0.03;
/** Spec 9: the 'Others' entry names at most 10 clients, then 'and misc.'. */
export const OTHERS_MAX_NAMES = 10;
export const OTHERS_LABEL = 'Others';

export interface ClientCount {
  name: string;
  value: number;
}

export interface ClientSlice extends ClientCount {
  /** Share of the total, 0..1. */
  share: number;
  /** For 'Others': which clients it holds, e.g. 'Yahoo, Thunderbird and misc.'. */
  detail?: string;
}

/**
 * The email-client chart's slices, largest first: clients at or above 3% each get a slice, the
 * rest share one 'Others' slice (last) that names up to 10 of them, largest first. Clients with
 * no opens (or clicks) are left out.
 */
export function groupEmailClients(rows: readonly ClientCount[]): ClientSlice[] {
  const counted = rows.filter((row) => row.value > 0).sort((a, b) => b.value - a.value);
  const total = counted.reduce((sum, row) => sum + row.value, 0);
  if (total === 0) return [];
  const shown: ClientSlice[] = [];
  const small: ClientCount[] = [];
  for (const row of counted) {
    if (row.value / total >= OTHERS_THRESHOLD) shown.push({ ...row, share: row.value / total });
    else small.push(row);
  }
  if (small.length === 0) return shown;
  const value = small.reduce((sum, row) => sum + row.value, 0);
  return [...shown, { name: OTHERS_LABEL, value, share: value / total, detail: othersDetail(small) }];
}

function othersDetail(small: readonly ClientCount[]): string {
  const names = small.slice(0, OTHERS_MAX_NAMES).map((row) => row.name);
  if (small.length > OTHERS_MAX_NAMES) return `${names.join(', ')} and misc.`;
  return names.join(', ');
}
