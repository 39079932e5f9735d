import '../styles';
import { Grid, Group, Stack, Tabs } from '@mantine/core';
import { IconChartPie, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import type { CampaignContext } from '@meridian/contracts';
import type { ReportQuery } from '../api/report-keys';
import { useReportStats } from '../api/reports';
import { DEFAULT_REPORT_PRESET, presetPeriod } from '../utils/report-presets';
import { DeliveryStats, RateCards } from './delivery-stats';
import { EmailClientsCard } from './email-clients-card';
import { PastRuns } from './past-runs';
import { RecipientsPanel } from './recipients-panel';
import { ReportCard, ReportError } from './report-card';
import { type ReportFilterValue, ReportFilters } from './report-filters';
import { TopLinks } from './top-links';

type View = 'overview' | 'recipients';

/** Spec 2 "Reports": Overview and Recipients of one campaign, narrowed by template and period. */
export function ReportsTab({ campaignId, context }: { campaignId: string; context: CampaignContext }) {
  const [view, setView] = useState<View>('overview');
  const [filter, setFilter] = useState<ReportFilterValue>(() => ({
    template_id: null,
    preset: DEFAULT_REPORT_PRESET,
    ...presetPeriod(DEFAULT_REPORT_PRESET),
  }));
  const query: ReportQuery = {
    campaign_id: campaignId,
    template_id: filter.template_id,
    start_date: filter.start_date,
    end_date: filter.end_date,
  };
  // Spec 4: a new template or period starts every paged table at page 1 (a fresh mount).
  const filterKey = JSON.stringify(query);
  return (
    <Tabs
      value={view}
      onChange={(value) => value && setView(value as View)}
      variant="pills"
      keepMounted={false}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <Tabs.List aria-label="Report views">
            <Tabs.Tab value="overview" leftSection={<IconChartPie size={16} aria-hidden />}>
              Overview
            </Tabs.Tab>
            <Tabs.Tab value="recipients" leftSection={<IconUsers size={16} aria-hidden />}>
              Recipients
            </Tabs.Tab>
          </Tabs.List>
          <ReportFilters campaignId={campaignId} value={filter} onChange={setFilter} />
        </Group>
        <Tabs.Panel value="overview">
          <Overview key={filterKey} query={query} />
        </Tabs.Panel>
        <Tabs.Panel value="recipients">
          <RecipientsPanel key={filterKey} query={query} orgContext={context === 'org'} />
        </Tabs.Panel>
      </Stack>
    </Tabs>
  );
}

function Overview({ query }: { query: ReportQuery }) {
  const stats = useReportStats(query);
  return (
    <Stack gap="lg">
      {stats.isError ? (
        <ReportCard title="Delivery Stats" titleId="report-delivery-stats">
          <ReportError error={stats.error} onRetry={() => void stats.refetch()} />
        </ReportCard>
      ) : (
        <>
          <DeliveryStats stats={stats.data} />
          <RateCards stats={stats.data} />
        </>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <EmailClientsCard query={query} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <TopLinks query={query} />
        </Grid.Col>
      </Grid>
      <PastRuns query={query} />
    </Stack>
  );
}
