import { Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RecipientReportKind, reportRecipientContracts, ResponseOf } from '@meridian/contracts';
import { formatDateTime } from '@/lib/format-date';
import { abbreviateNumber } from '../utils/report-numbers';

/** A row of any Recipients tab (they share one shape). */
export type RecipientRow = ResponseOf<
  typeof reportRecipientContracts.recipient_engagement
>['records'][number];

export interface RecipientColumn {
  label: string;
  numeric?: boolean;
  cell: (row: RecipientRow, actions: { viewLinks: (row: RecipientRow) => void }) => ReactNode;
}

/** Spec 2 Recipients tabs, in order. */
export const RECIPIENT_TABS: { kind: RecipientReportKind; label: string }[] = [
  { kind: 'recipient_engagement', label: 'All' },
  { kind: 'recipient_not_sent', label: 'Not sent' },
  { kind: 'recipient_open', label: 'Open' },
  { kind: 'recipient_click', label: 'Click' },
  { kind: 'recipient_bounce', label: 'Bounce' },
  { kind: 'recipient_unsub', label: 'Unsub' },
  { kind: 'recipient_spamreport', label: 'Spam' },
];

const date = (value: string | null) =>
  value ? (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(value)}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );

const count = (value: number) => abbreviateNumber(value);

const email: RecipientColumn = {
  label: 'Email',
  cell: (row) => (
    <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
      {row.email}
    </Text>
  ),
};
/** The product org of the recipient: the spec's User column, org context only. */
const user: RecipientColumn = { label: 'User', cell: (row) => row.org_id ?? '—' };
const sent: RecipientColumn = { label: 'Sent', cell: (row) => date(row.sent_date) };
const opens: RecipientColumn = { label: 'Opens', numeric: true, cell: (row) => count(row.total_open_count) };
const clicks: RecipientColumn = {
  label: 'Clicks',
  numeric: true,
  cell: (row) => count(row.total_click_count),
};
const links: RecipientColumn = {
  label: 'Links',
  cell: (row, actions) =>
    row.urls.length > 0 ? (
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => actions.viewLinks(row)}
        aria-label={`View links of ${row.email}`}
      >
        View links
      </Button>
    ) : (
      <Text size="sm" c="dimmed">
        —
      </Text>
    ),
};
const at = (
  label: string,
  pick: (row: RecipientRow) => string | null = (row) => row.event_time,
): RecipientColumn => ({
  label,
  cell: (row) => date(pick(row)),
});
const reason = (pick: (row: RecipientRow) => string | null): RecipientColumn => ({
  label: 'Reason',
  cell: (row) => <Text size="sm">{pick(row) ?? '—'}</Text>,
});

/** The columns of each tab; the User column is added for org-context campaigns. */
export function recipientColumns(kind: RecipientReportKind, orgContext: boolean): RecipientColumn[] {
  const lead = orgContext ? [email, user] : [email];
  switch (kind) {
    case 'recipient_engagement':
      return [...lead, sent, opens, clicks, links];
    case 'recipient_not_sent':
      return [...lead, at('Date'), reason((row) => row.reason ?? row.error_text)];
    case 'recipient_open':
      return [...lead, sent, at('First opened'), opens, links];
    case 'recipient_click':
      return [...lead, sent, at('First clicked'), clicks, links];
    case 'recipient_bounce':
      return [...lead, sent, at('Bounced'), reason((row) => row.error_text ?? row.reason)];
    case 'recipient_unsub':
      return [...lead, sent, at('Unsubscribed', (row) => row.unsub_time ?? row.event_time)];
    case 'recipient_spamreport':
      return [...lead, sent, at('Reported')];
  }
}
