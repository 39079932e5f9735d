import { Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  ACTIVITY_RANGES,
  activityRangeOf,
  browserTzOffset,
  DEFAULT_ACTIVITY_RANGE,
  type ActivityRangeValue,
} from '../utils/activity-range';
import { ActivityChart } from './activity-chart';

/** Events and errors over one chosen range, bucketed by the browser's local hours or days. */
export function ActivitySection() {
  const [range, setRange] = useState<ActivityRangeValue>(DEFAULT_ACTIVITY_RANGE);
  // Read once: the buckets stay put while the page is open, even across a DST change.
  const [tzOffset] = useState(browserTzOffset);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} fz="lg">
            Activity
          </Title>
          <Text size="sm" c="dimmed">
            {activityRangeOf(range).time_unit === 'hour' ? 'Per hour' : 'Per day'}, in your time zone.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Activity range"
          value={range}
          onChange={(value) => setRange(activityRangeOf(value).value)}
          data={ACTIVITY_RANGES.map(({ value, label }) => ({ value, label }))}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ActivityChart kind="events" range={range} tzOffset={tzOffset} />
        <ActivityChart kind="errors" range={range} tzOffset={tzOffset} />
      </SimpleGrid>
    </Stack>
  );
}
