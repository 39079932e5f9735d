import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Stack, Table, Text } from '@mantine/core';
import type { PieProps } from 'recharts';
import { abbreviateNumber, formatPercent } from '../utils/report-numbers';
import { type ClientSlice, OTHERS_LABEL } from '../utils/email-clients';

const PALETTE = [
  'blue.6',
  'teal.6',
  'grape.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'indigo.6',
  'yellow.6',
  'red.6',
];
const colorOf = (slice: ClientSlice, index: number) =>
  slice.name === OTHERS_LABEL ? 'gray.5' : (PALETTE[index % PALETTE.length] ?? 'blue.6');

/**
 * The donut and its legend table. The table carries the numbers for everyone (screen readers,
 * keyboards, narrow screens); the donut is the picture of it. Loaded with the Reports tab only.
 */
export function EmailClientsChart({ slices, unit }: { slices: ClientSlice[]; unit: string }) {
  // The donut is a picture of the table beside it: kept out of the tab order and the a11y tree.
  // Not animated: a resize (a phone turning, a print) would replay the sweep every time.
  const pieProps: Partial<Omit<PieProps, 'ref'>> = { isAnimationActive: false, rootTabIndex: -1 };
  const data = slices.map((slice, index) => ({
    name: slice.name,
    value: slice.value,
    color: colorOf(slice, index),
  }));
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <Group align="center" gap="xl" wrap="wrap" justify="center">
      <Box aria-hidden style={{ flex: '0 0 auto' }}>
        <DonutChart
          data={data}
          size={180}
          thickness={26}
          paddingAngle={1}
          withTooltip
          tooltipDataSource="segment"
          valueFormatter={abbreviateNumber}
          chartLabel={abbreviateNumber(total)}
          pieProps={pieProps}
          accessibilityLayer={false}
        />
      </Box>
      <Table verticalSpacing={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email client</Table.Th>
            <Table.Th ta="right">{unit}</Table.Th>
            <Table.Th ta="right">Share</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {slices.map((slice, index) => (
            <Table.Tr key={slice.name}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <ColorSwatch
                    color={`var(--mantine-color-${colorOf(slice, index).replace('.', '-')})`}
                    size={12}
                    mt={4}
                    withShadow={false}
                    aria-hidden
                  />
                  <Stack gap={0}>
                    <Text size="sm">{slice.name}</Text>
                    {slice.detail ? (
                      <Text size="xs" c="dimmed">
                        {slice.detail}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{abbreviateNumber(slice.value)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c="dimmed">
                  {formatPercent(slice.share)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Group>
  );
}
