import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SalesforceHistoryDetails } from '@meridian/contracts';
import { formatDateTime } from '@/lib/format-date';
import { formatNumber, NOT_AVAILABLE } from '../utils/run-counts';

/** Spec 2: the next sync time, or this when none is due (sync off or paused). */
export const NOT_SCHEDULED = 'not scheduled';

const split = (contacts: number, leads: number) =>
  `${formatNumber(contacts)} ${contacts === 1 ? 'contact' : 'contacts'} · ${formatNumber(leads)} ${leads === 1 ? 'lead' : 'leads'}`;

/**
 * Spec 2 "Sync details card": next sync time or 'not scheduled', last completed, new records in
 * 24 hours and totals. A value the server did not give (or a failed read) shows 'Not Available'.
 */
export function HistoryDetailsCard({
  details,
  loading,
}: {
  details: SalesforceHistoryDetails | undefined;
  loading: boolean;
}) {
  return (
    <Paper p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sf-sync-details-title">
      <Stack gap="md">
        <Title order={3} fz="md" id="sf-sync-details-title">
          Sync details
        </Title>
        {loading ? (
          <Skeleton height={56} radius="md" />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
            <Fact
              label="Next sync"
              value={
                details
                  ? details.next_sync_time
                    ? formatDateTime(details.next_sync_time)
                    : NOT_SCHEDULED
                  : NOT_AVAILABLE
              }
            />
            <Fact
              label="Last completed"
              value={details?.last_completed ? formatDateTime(details.last_completed) : NOT_AVAILABLE}
            />
            <Fact
              label="New records in 24 hours"
              value={
                details
                  ? formatNumber(details.total_new_contact_count + details.total_new_lead_count)
                  : NOT_AVAILABLE
              }
              hint={
                details ? split(details.total_new_contact_count, details.total_new_lead_count) : undefined
              }
            />
            <Fact
              label="Total records"
              value={
                details ? formatNumber(details.total_contact_count + details.total_lead_count) : NOT_AVAILABLE
              }
              hint={details ? split(details.total_contact_count, details.total_lead_count) : undefined}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Stack gap={2} data-testid={`fact-${label}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}
