import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClick, IconEye, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ReportStats } from '@meridian/contracts';
import { abbreviateNumber, formatPercent } from '../utils/report-numbers';
import { reportRatios, sentCount } from '../utils/report-ratios';
import { ReportCard } from './report-card';

interface StatItem {
  label: string;
  value: number;
  /** The spec 9 ratio this count is read against, e.g. '80% of qualified'. */
  note?: string;
  color?: string;
}

/** '1 open', '2,310 opens'. */
const counted = (value: number, noun: string) =>
  `${abbreviateNumber(value)} ${noun}${value === 1 ? '' : 's'}`;

function deliveryItems(stats: ReportStats): StatItem[] {
  const r = reportRatios(stats);
  return [
    {
      label: 'Qualified',
      value: stats.total_count,
      // The ratios count emails: over many runs or email steps a person qualifies for several, and
      // 'Sent' is read against those, not against the people.
      note: stats.processed_count !== stats.total_count ? counted(stats.processed_count, 'email') : undefined,
    },
    { label: 'Sent', value: sentCount(stats), note: `${formatPercent(r.sent)} of qualified` },
    {
      label: 'Delivered',
      value: stats.delivered_count,
      note: `${formatPercent(r.delivered)} of sent`,
      color: 'teal',
    },
    {
      label: 'Bounced',
      value: stats.bounce_count,
      note: `${formatPercent(r.bounced)} of sent`,
      color: 'orange',
    },
    { label: 'Not sent', value: stats.not_sent_count },
    { label: 'Dropped', value: stats.dropped_count },
    {
      label: 'Unsubscribed',
      value: stats.unsub_count,
      note: `${formatPercent(r.unsubscribed)} of delivered`,
    },
    {
      label: 'Spam reports',
      value: stats.spamreport_count,
      note: `${formatPercent(r.spam)} of delivered`,
      color: 'red',
    },
  ];
}

function Stat({ item }: { item: StatItem }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {item.label}
      </Text>
      <Text fz={26} fw={700} lh={1.2} c={item.color ? `${item.color}.8` : undefined}>
        {abbreviateNumber(item.value)}
      </Text>
      <Text size="xs" c="dimmed" mih={18}>
        {item.note ?? '\u00a0'}
      </Text>
    </Stack>
  );
}

/** 'Delivery Stats': every count of the period with the ratio it is read against. */
export function DeliveryStats({ stats }: { stats: ReportStats | undefined }) {
  return (
    <ReportCard title="Delivery Stats" titleId="report-delivery-stats">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" verticalSpacing="lg">
        {stats
          ? deliveryItems(stats).map((item) => <Stat key={item.label} item={item} />)
          : Array.from({ length: 8 }, (_, i) => <Skeleton key={i} height={64} radius="sm" />)}
      </SimpleGrid>
    </ReportCard>
  );
}

function RateCard(props: {
  label: string;
  icon: ReactNode;
  color: string;
  rate?: string;
  detail?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={42} radius="md" variant="light" color={props.color} aria-hidden>
          {props.icon}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={600}>
            {props.label}
          </Text>
          {props.rate === undefined ? (
            <Skeleton height={30} width="40%" radius="sm" />
          ) : (
            <Text fz={30} fw={700} lh={1.1}>
              {props.rate}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {props.detail ?? '\u00a0'}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The open rate and click rate cards, and scanner engagement kept apart from people's. */
export function RateCards({ stats }: { stats: ReportStats | undefined }) {
  const r = stats ? reportRatios(stats) : undefined;
  const scanners = stats ? stats.non_human_open_count + stats.non_human_click_count : 0;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <RateCard
          label="Open rate"
          color="blue"
          icon={<IconEye size={22} />}
          rate={r && formatPercent(r.open)}
          detail={
            stats &&
            `${abbreviateNumber(stats.unique_open_count)} unique opens of ${abbreviateNumber(stats.delivered_count)} delivered · ${abbreviateNumber(stats.total_open_count)} opens in all`
          }
        />
        <RateCard
          label="Click rate"
          color="grape"
          icon={<IconClick size={22} />}
          rate={r && formatPercent(r.clickPerOpen)}
          detail={
            stats &&
            `${abbreviateNumber(stats.unique_click_count_by_email)} of ${abbreviateNumber(stats.unique_open_count)} openers clicked · ${abbreviateNumber(stats.total_click_count)} clicks in all`
          }
        />
      </SimpleGrid>
      {stats && scanners > 0 ? (
        <Group gap={6} wrap="nowrap">
          <IconShieldCheck size={16} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="xs" c="dimmed">
            Not counted above: {counted(stats.non_human_open_count, 'open')} and{' '}
            {counted(stats.non_human_click_count, 'click')} by security scanners and link checkers.
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
