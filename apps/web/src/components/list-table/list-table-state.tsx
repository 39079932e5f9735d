import { Button, Center, Loader } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconRefresh, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';

export interface ListTableEmptyText {
  title: string;
  hint: string;
}

/** A list whose page could not be read: the table says so and offers to ask again. */
export interface ListTableFailure {
  retry: () => void;
}

export interface ListTableStateProps {
  loading: boolean;
  /** The page could not be read (spec 8: the count is 0 then); not the same as having none. */
  failed?: ListTableFailure | null;
  /** Whether there are no rows to show. */
  empty: boolean;
  /** Whether the rows are narrowed by a search, so that none found means no match. */
  searching: boolean;
  icon: TablerIcon;
  /** Shown when a search finds nothing. */
  noMatches: ListTableEmptyText;
  /** Shown when there is nothing yet, with an optional button to create the first record. */
  noRecords: ListTableEmptyText & { create?: { label: string; onClick: () => void } };
  /** Shown while loading instead of the centred loader. */
  loader?: ReactNode;
  /** The table, shown when there are rows. */
  children: ReactNode;
}

/** A list table's loading, no-match and nothing-yet states around the table itself. */
export function ListTableState({
  loading,
  empty,
  searching,
  icon: Icon,
  noMatches,
  noRecords,
  loader,
  children,
  failed,
}: ListTableStateProps) {
  if (loading) return loader ?? <ListLoader />;
  if (failed) return <ListFailed retry={failed.retry} />;
  if (!empty) return children;
  if (searching) {
    return (
      <EmptyState icon={<Icon size={22} stroke={1.6} />} title={noMatches.title} hint={noMatches.hint} />
    );
  }
  const { create } = noRecords;
  return (
    <EmptyState
      icon={<Icon size={22} stroke={1.6} />}
      title={noRecords.title}
      hint={noRecords.hint}
      action={
        create ? (
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={create.onClick}>
            {create.label}
          </Button>
        ) : null
      }
    />
  );
}

/** The centred loader a list shows while its first page loads. */
export function ListLoader() {
  return (
    <Center py={80}>
      <Loader size="sm" />
    </Center>
  );
}

/** What a list shows when its page could not be read: why, and a way to ask again. */
export function ListFailed({ retry }: ListTableFailure) {
  return (
    <EmptyState
      icon={<IconAlertTriangle size={22} stroke={1.6} />}
      title="This list could not be loaded"
      hint="Check your connection, then try again."
      action={
        <Button size="sm" variant="default" leftSection={<IconRefresh size={16} />} onClick={retry}>
          Try again
        </Button>
      }
    />
  );
}
