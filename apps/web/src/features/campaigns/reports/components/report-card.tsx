import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/error-handling';

/** A titled panel of the Overview; `aside` sits at the right of the title (tabs, a switch). */
export function ReportCard(props: {
  title: string;
  titleId?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={props.titleId}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={3} size="h5" id={props.titleId}>
            {props.title}
          </Title>
          {props.aside}
        </Group>
        {props.children}
      </Stack>
    </Paper>
  );
}

/** A report call that failed, with the reason and a way to ask again. */
export function ReportError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title="This report could not be loaded"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={14} />}
          onClick={onRetry}
        >
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** Placeholder rows while a report table loads, shaped like the table that will replace them. */
export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <Table.Tr key={row} aria-hidden>
          {Array.from({ length: columns }, (_, cell) => (
            <Table.Td key={cell}>
              <Skeleton height={12} radius="sm" width={cell === 0 ? '70%' : '45%'} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}
