import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SegmentTimeUnit } from '@meridian/contracts';
import { errorMessage } from '@/lib/error-handling';
import { formatTotal } from '@/lib/format-count';
import { useSegmentReport } from '../api/segment-activity';
import { FailedRead } from './failed-read';
import {
  activityRangeOf,
  chartPoints,
  describeActivity,
  type ActivityRangeValue,
} from '../utils/activity-range';

export interface ActivityChartProps {
  kind: 'events' | 'errors';
  range: ActivityRangeValue;
  tzOffset: number;
}

const COPY = {
  events: { title: 'Events', noun: ['event', 'events'] as [string, string], color: 'meridian.6' },
  errors: { title: 'Errors', noun: ['error', 'errors'] as [string, string], color: 'red.6' },
};

/** Accepted events or refused calls per hour or day of the chosen range, with their total. */
export function ActivityChart({ kind, range: rangeValue, tzOffset }: ActivityChartProps) {
  const report = useSegmentReport(kind, rangeValue, tzOffset);
  const range = activityRangeOf(rangeValue);
  const copy = COPY[kind];
  const headingId = `segment-${kind}-heading`;

  return (
    <Paper p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} fz="md" id={headingId}>
            {copy.title}
          </Title>
          {report.data ? (
            <Text fw={700} fz="xl" data-testid={`segment-${kind}-total`}>
              {formatTotal(report.data.total_count)}
            </Text>
          ) : null}
        </Group>
        {report.isPending ? (
          <Skeleton height={200} radius="md" aria-label={`Loading ${copy.noun[1]}`} />
        ) : report.isError ? (
          <FailedRead
            title={`${copy.title} could not be loaded`}
            reason={errorMessage(report.error)}
            retry={() => void report.refetch()}
          />
        ) : (
          <Plot
            rows={report.data.rows}
            unit={range.time_unit}
            color={copy.color}
            label={copy.title}
            summary={describeActivity(
              copy.noun,
              chartPoints(report.data.rows, range.time_unit),
              report.data.total_count,
              range,
            )}
          />
        )}
      </Stack>
    </Paper>
  );
}

function Plot({
  rows,
  unit,
  color,
  label,
  summary,
}: {
  rows: Parameters<typeof chartPoints>[0];
  unit: SegmentTimeUnit;
  color: string;
  label: string;
  summary: string;
}) {
  const data = chartPoints(rows, unit);
  return (
    <Stack gap={4}>
      {/* The bars are the picture of the summary below, which carries the numbers for everyone. */}
      <Box aria-hidden>
        <BarChart
          h={200}
          data={data}
          dataKey="bucket"
          series={[{ name: 'count', color, label }]}
          tickLine="none"
          gridAxis="x"
          withTooltip
          maxBarWidth={24}
          valueFormatter={(value) => value.toLocaleString('en-US')}
          // Not animated: a resize (a phone turning) would replay the growth every time.
          barProps={{ isAnimationActive: false }}
          accessibilityLayer={false}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          yAxisProps={{ allowDecimals: false, width: 40 }}
        />
      </Box>
      <Text size="xs" c="dimmed">
        {summary}
      </Text>
    </Stack>
  );
}
