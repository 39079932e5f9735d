import {
  shownSalesforceRunState,
  type SalesforceObjectCount,
  type SalesforceSyncRun,
} from '@meridian/contracts';

/** Spec 2: missing values show this text. */
export const NOT_AVAILABLE = 'Not Available';

/** Spec 4: the run states the history names; anything else shows as 'error'. */
export const RUN_STATE_COLORS: Record<string, string> = {
  finished: 'green',
  cancelled: 'gray',
  processing: 'blue',
  scheduled: 'yellow',
  error: 'red',
};

export function runState(run: Pick<SalesforceSyncRun, 'state'>): { label: string; color: string } {
  const label = shownSalesforceRunState(run.state);
  return { label, color: RUN_STATE_COLORS[label] ?? 'red' };
}

const sum = (count: SalesforceObjectCount) => count.inserted + count.updated + count.failed;

/** The person records a run touched: leads and contacts, both directions. */
export function personRecords(run: SalesforceSyncRun): number {
  return (
    sum(run.sync_read_count.lead) +
    sum(run.sync_read_count.contact) +
    sum(run.sync_write_count.lead) +
    sum(run.sync_write_count.contact)
  );
}

export type Direction = 'read' | 'write';

/** One line of the hover details: per object and direction, imported, updated and errors. */
export interface RunDetailLine {
  direction: Direction;
  object: 'lead' | 'contact';
  imported: number;
  updated: number;
  errors: number;
}

export function runDetailLines(run: SalesforceSyncRun): RunDetailLine[] {
  const lines: RunDetailLine[] = [];
  for (const direction of ['read', 'write'] as const) {
    const counts = direction === 'read' ? run.sync_read_count : run.sync_write_count;
    for (const object of ['contact', 'lead'] as const) {
      const count = counts[object];
      lines.push({
        direction,
        object,
        imported: count.inserted,
        updated: count.updated,
        errors: count.failed,
      });
    }
  }
  return lines;
}

export const formatNumber = (value: number) => value.toLocaleString('en-US');
