import type { ResponseOf, reportTopEmailClientOpenContract } from '@meridian/contracts';

export type EmailClientRow = ResponseOf<typeof reportTopEmailClientOpenContract>['records'][number];
export type ClientMeasure = 'unique_open_count' | 'unique_click_count_by_url';

/** The service's name for the row that sums the clients under 3% of the tab's total. */
export const OTHERS_LABEL = 'Others';
/** Ends the 'Others' row's names when it holds more than the 10 it lists. */
const MORE_CLIENTS = 'and misc.';

export interface ClientSlice {
  name: string;
  value: number;
  /** Share of the tab's total, 0..1. */
  share: number;
  /** For 'Others': which clients it holds, e.g. 'Yahoo, Thunderbird and misc.'. */
  detail?: string;
}

/**
 * The chart's slices from the Email Clients rows. The reports service owns the spec 9 grouping
 * (under 3% into 'Others', at most 10 names then 'and misc.'); the screen keeps its order
 * (largest first, 'Others' last), works out each share and words the grouped names.
 */
export function clientSlices(rows: readonly EmailClientRow[], measure: ClientMeasure): ClientSlice[] {
  const counted = rows.filter((row) => row[measure] > 0);
  const total = counted.reduce((sum, row) => sum + row[measure], 0);
  return counted.map((row) => {
    const slice: ClientSlice = { name: row.email_client, value: row[measure], share: row[measure] / total };
    const detail = groupedNames(row.grouped_clients);
    return detail ? { ...slice, detail } : slice;
  });
}

/** ['Yahoo', 'Thunderbird', 'and misc.'] -> 'Yahoo, Thunderbird and misc.' */
function groupedNames(names: readonly string[] | undefined): string | undefined {
  if (!names || names.length === 0) return undefined;
  const more = names.at(-1) === MORE_CLIENTS;
  const listed = (more ? names.slice(0, -1) : names).join(', ');
  return more ? `${listed} ${MORE_CLIENTS}` : listed;
}
