import { Button, Group, Paper, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  connectionMessages,
  SALESFORCE_ERROR_PAGE_SIZE,
  salesforceHealthMessages,
  type SalesforceErrorSummary,
} from '@meridian/contracts';
import { IconArchive, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ListFailed, ListLoader } from '@/components/list-table';
import { ListPagination, usePageState } from '@/components/pagination';
import { showSuccessToast } from '@/lib/notify';
import { useBulkErrorAction, useErrorsList, useErrorTypes } from '../api/sync-health';
import { knownErrorClasses } from '../utils/error-classes';
import { AffectedRecordsModal } from './affected-records-modal';
import { DateRangeFilter, useDayRange } from './date-range-filter';
import { SyncErrorsTable } from './sync-errors-table';

/** Spec 2: the errors' empty text. */
export const NO_SYNC_ERRORS = 'No sync errors found';
const ALL = 'all';

export const CONFIRM_TEXTS = {
  resync: 'The affected records of the selected error classes will sync again. Continue?',
  archive: 'The selected errors will be archived and no longer shown here. Continue?',
} as const;

/**
 * The Salesforce page's Sync health tab: a tab per error type, the open errors of the date window
 * (default the last 7 days) grouped by class, RESYNC and ARCHIVE over the chosen classes, and the
 * affected records of a class. `canEdit` is required: RESYNC and ARCHIVE are admin-only, and a
 * member's refused call would read as an expired session (403), so the page must say who may.
 */
export function SyncHealthTab({ connectionId, canEdit }: { connectionId: string; canEdit: boolean }) {
  const types = useErrorTypes(connectionId);
  const [type, setType] = useState<string>(ALL);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { page, setPage, resetPage } = usePageState();
  const restart = () => {
    resetPage();
    setSelected(new Set());
  };
  const { range, setRange, error: rangeError, times } = useDayRange(restart);
  const [errorType = ALL] = type === ALL ? [] : knownErrorClasses([type]);
  const errors = useErrorsList(connectionId, {
    error_type: errorType,
    ...times,
    page_number: page,
    page_size: SALESFORCE_ERROR_PAGE_SIZE,
  });
  const [openClass, setOpenClass] = useState<SalesforceErrorSummary | null>(null);
  const resync = useBulkErrorAction(connectionId, 'resync');
  const archive = useBulkErrorAction(connectionId, 'archive');

  const rows = errors.isError ? [] : (errors.data?.errors ?? []);
  const descriptions = Object.fromEntries((types.data ?? []).map((t) => [t.name, t.description]));
  const chosen = knownErrorClasses(rows.map((r) => r.error_class).filter((name) => selected.has(name)));

  const confirm = (action: 'resync' | 'archive') =>
    modals.openConfirmModal({
      title: action === 'resync' ? 'Resync contacts' : 'Archive errors',
      children: <Text size="sm">{CONFIRM_TEXTS[action]}</Text>,
      labels: { confirm: action === 'resync' ? 'Resync' : 'Archive', cancel: 'Cancel' },
      confirmProps: action === 'archive' ? { color: 'red' } : undefined,
      onConfirm: () =>
        (action === 'resync' ? resync : archive).mutate(
          { error_names: chosen, ...times },
          {
            onSuccess: () => {
              setSelected(new Set());
              showSuccessToast(
                action === 'resync' ? salesforceHealthMessages.resynced : salesforceHealthMessages.archived,
              );
            },
          },
        ),
    });

  const disabledWhy = !canEdit
    ? connectionMessages.adminsOnly
    : chosen.length === 0
      ? 'Select error classes first'
      : null;
  const panel = (
    <>
      <Group gap="sm" px={{ base: 'md', sm: 'lg' }} py="sm">
        {(['resync', 'archive'] as const).map((action) => (
          <Tooltip key={action} label={disabledWhy} disabled={!disabledWhy} withArrow>
            <span style={{ display: 'inline-block' }}>
              <Button
                size="xs"
                variant={action === 'resync' ? 'filled' : 'default'}
                leftSection={action === 'resync' ? <IconRefresh size={14} /> : <IconArchive size={14} />}
                disabled={disabledWhy !== null}
                loading={(action === 'resync' ? resync : archive).isPending}
                onClick={() => confirm(action)}
              >
                {action === 'resync' ? 'RESYNC' : 'ARCHIVE'}
              </Button>
            </span>
          </Tooltip>
        ))}
        {chosen.length > 0 ? (
          <Text size="xs" c="dimmed">
            {chosen.length} selected
          </Text>
        ) : null}
      </Group>
      {errors.isPending ? (
        <ListLoader />
      ) : errors.isError ? (
        <ListFailed retry={() => void errors.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<IconCircleCheck size={22} stroke={1.6} />} title={NO_SYNC_ERRORS} />
      ) : (
        <SyncErrorsTable
          errors={rows}
          descriptions={descriptions}
          selected={selected}
          onSelectedChange={setSelected}
          onOpenRecords={setOpenClass}
        />
      )}
      <ListPagination
        page={page}
        totalPages={errors.isError ? 0 : (errors.data?.page_count ?? 0)}
        onChange={setPage}
      />
    </>
  );
  return (
    <Paper p={0} component="section" aria-labelledby="sf-health-title">
      <Stack gap={0}>
        <Group justify="space-between" align="flex-start" p={{ base: 'md', sm: 'lg' }} pb="sm" gap="sm">
          <Title order={3} fz="md" id="sf-health-title">
            Sync errors
          </Title>
          <DateRangeFilter range={range} error={rangeError} onChange={setRange} />
        </Group>
        <Tabs
          value={type}
          onChange={(value) => {
            setType(value ?? ALL);
            restart();
          }}
          keepMounted={false}
        >
          <Tabs.List px={{ base: 'md', sm: 'lg' }}>
            <Tabs.Tab value={ALL}>All errors</Tabs.Tab>
            {(types.data ?? []).map((t) => (
              <Tabs.Tab key={t.name} value={t.name}>
                {t.display}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {[ALL, ...(types.data ?? []).map((t) => t.name)].map((value) => (
            <Tabs.Panel key={value} value={value}>
              {panel}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      <AffectedRecordsModal
        connectionId={connectionId}
        error={openClass}
        window={times}
        onClose={() => setOpenClass(null)}
      />
    </Paper>
  );
}
