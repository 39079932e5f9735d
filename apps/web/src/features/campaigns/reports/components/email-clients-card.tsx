import { Center, SegmentedControl, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { reportMessages } from '@meridian/contracts';
import { type EmailClientKind, type ReportQuery } from '../api/report-keys';
import { useEmailClients } from '../api/reports';
import { clientSlices } from '../utils/email-clients';
import { ReportCard, ReportError } from './report-card';

// The charting library is big: it loads only when a chart is drawn.
const EmailClientsChart = lazy(() =>
  import('./email-clients-chart').then((m) => ({ default: m.EmailClientsChart })),
);

const KIND_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'click', label: 'Click' },
];

/** 'Email Clients' with Open/Click tabs: where people read the mail and where they clicked. */
export function EmailClientsCard({ query }: { query: ReportQuery }) {
  const [kind, setKind] = useState<EmailClientKind>('open');
  const clients = useEmailClients(query, kind);
  const slices = clientSlices(
    clients.data ?? [],
    kind === 'open' ? 'unique_open_count' : 'unique_click_count_by_url',
  );
  const placeholder = <Skeleton height={180} radius="md" />;
  return (
    <ReportCard
      title="Email Clients"
      titleId="report-email-clients"
      aside={
        <SegmentedControl
          size="xs"
          value={kind}
          onChange={(value) => setKind(value as EmailClientKind)}
          data={KIND_OPTIONS}
          aria-label="Email clients by"
        />
      }
    >
      {clients.isError ? (
        <ReportError error={clients.error} onRetry={() => void clients.refetch()} />
      ) : clients.isPending ? (
        placeholder
      ) : slices.length === 0 ? (
        <Center mih={180}>
          <Text size="sm" c="dimmed">
            {reportMessages.noRecipients}
          </Text>
        </Center>
      ) : (
        <Suspense fallback={placeholder}>
          <EmailClientsChart slices={slices} unit={kind === 'open' ? 'Opens' : 'Clicks'} />
        </Suspense>
      )}
    </ReportCard>
  );
}
