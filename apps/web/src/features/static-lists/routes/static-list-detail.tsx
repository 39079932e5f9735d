import '../styles';
import { Anchor, Button, Center, Group, Loader, Menu, Paper, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowLeft,
  IconChevronDown,
  IconFileTypeCsv,
  IconFilter,
  IconSearch,
  IconTrash,
  IconUserMinus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useMenuChoice } from '@/components/menu-choice';
import { Link, useNavigate, useParams } from '@/lib/router';
import { RecordUnavailable } from '@/components/record-unavailable';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { useDebouncedSearchPaging } from '@/components/list-page';
import { ListPagination } from '@/components/pagination';
import { dayBounds } from '@/lib/day-bounds';
import { formatDateTime } from '@/lib/format-date';
import { useRemoveListContacts, useStaticListContacts } from '../api/static-list-contacts';
import { useStaticList } from '../api/static-lists';
import { AddFromCsvModal } from '../components/add-from-csv-modal';
import { AddFromQueryModal } from '../components/add-from-query-modal';
import { ListContactsTable } from '../components/list-contacts-table';
import { dateRangeError, defaultDateRange, REMOVE_CONFIRMATION } from '../utils/date-range';

/** /lists/static-list/:id: the contacts of one static list. */
export function StaticListDetailRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const list = useStaticList(id);
  const { page, setPage, resetPage, search, keyword, changeSearch } = useDebouncedSearchPaging();
  const [range, setRange] = useState(defaultDateRange);
  const rangeError = dateRangeError(range);
  const [appliedRange, setAppliedRange] = useState(range);
  if (
    !rangeError &&
    (appliedRange.start_date !== range.start_date || appliedRange.end_date !== range.end_date)
  ) {
    setAppliedRange(range);
  }
  const contacts = useStaticListContacts(
    id,
    // The picked days are the viewer's: sent as instants (the server reads a bare day in UTC).
    { page_number: page, search_keyword: keyword || undefined, ...dayBounds(appliedRange) },
    list.isSuccess,
  );
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [csvOpen, setCsvOpen] = useState(false);
  const [queryOpen, setQueryOpen] = useState(false);
  // Both items open a dialog, once the menu has closed with the focus back on 'Add contacts'.
  const addMenu = useMenuChoice();
  const remove = useRemoveListContacts(id);
  const totalPages = contacts.isError ? 0 : (contacts.data?.page_count ?? 0);

  const confirmRemove = (emails: string[] | 'all') =>
    modals.openConfirmModal({
      title: emails === 'all' ? 'Clear the list' : emails.length === 1 ? 'Remove contact' : 'Remove contacts',
      children: <Text size="sm">{REMOVE_CONFIRMATION}</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(emails, {
          // The removed leave the selection; a single removal keeps the rest of it.
          onSuccess: () =>
            setSelected((current) =>
              emails === 'all' ? new Set() : new Set([...current].filter((email) => !emails.includes(email))),
            ),
        }),
    });

  if (list.isPending) {
    return (
      <PageLayout title="Static list">
        <Center py={120}>
          <Loader />
        </Center>
      </PageLayout>
    );
  }
  if (!list.data) {
    return (
      <PageLayout title="Static list">
        <RecordUnavailable
          what="static list"
          error={list.error}
          onRetry={() => void list.refetch()}
          back={{ to: protectedRoutes.staticLists.to(), label: 'Back to static lists' }}
        />
      </PageLayout>
    );
  }

  return (
    <PageLayout
      title={list.data.name}
      description={`${list.data.num_records} ${list.data.num_records === 1 ? 'contact' : 'contacts'} · updated ${formatDateTime(list.data.updated_at)}`}
      actions={
        <>
          {selected.size > 0 ? (
            <Button
              variant="light"
              color="red"
              leftSection={<IconUserMinus size={16} />}
              onClick={() => confirmRemove([...selected])}
            >
              Remove selected ({selected.size})
            </Button>
          ) : null}
          <Button
            variant="default"
            leftSection={<IconTrash size={16} />}
            disabled={list.data.num_records === 0}
            onClick={() => confirmRemove('all')}
          >
            Clear list
          </Button>
          <Menu position="bottom-end" onClose={addMenu.onClose}>
            <Menu.Target>
              <Button ref={addMenu.trigger} rightSection={<IconChevronDown size={16} />}>
                Add contacts
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconFileTypeCsv size={16} />}
                onClick={addMenu.choose(() => setCsvOpen(true))}
              >
                From a CSV file
              </Menu.Item>
              <Menu.Item
                leftSection={<IconFilter size={16} />}
                onClick={addMenu.choose(() => setQueryOpen(true))}
              >
                From a dynamic list query
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </>
      }
    >
      <Anchor component={Link} to={protectedRoutes.staticLists.to()} size="sm" mt={-12}>
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          All static lists
        </Group>
      </Anchor>
      <Paper p={0}>
        <Group p="md" gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            size="sm"
            w={280}
            leftSection={<IconSearch size={16} />}
            placeholder="Search contacts"
            aria-label="Search contacts"
            value={search}
            onChange={(event) => changeSearch(event.currentTarget.value)}
          />
          <TextInput
            size="sm"
            type="date"
            aria-label="From"
            leftSection={
              <Text size="xs" c="dimmed">
                From
              </Text>
            }
            leftSectionWidth={48}
            value={range.start_date}
            error={rangeError ?? undefined}
            onChange={(event) => {
              setRange({ ...range, start_date: event.currentTarget.value });
              resetPage();
            }}
          />
          <TextInput
            size="sm"
            type="date"
            aria-label="To"
            leftSection={
              <Text size="xs" c="dimmed">
                To
              </Text>
            }
            leftSectionWidth={36}
            value={range.end_date}
            error={rangeError ? true : undefined}
            onChange={(event) => {
              setRange({ ...range, end_date: event.currentTarget.value });
              resetPage();
            }}
          />
        </Group>
        <ListContactsTable
          records={contacts.isError ? [] : (contacts.data?.records ?? [])}
          loading={contacts.isPending}
          failed={contacts.isError ? { retry: () => void contacts.refetch() } : null}
          filtered={keyword !== ''}
          selected={selected}
          onRemove={(email) => confirmRemove([email])}
          onSelectedChange={setSelected}
          onOpen={(personId) => void navigate(protectedRoutes.contactDetail.to({ id: personId }))}
        />
        <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
      </Paper>
      <AddFromCsvModal listId={id} opened={csvOpen} onClose={() => setCsvOpen(false)} />
      <AddFromQueryModal listId={id} opened={queryOpen} onClose={() => setQueryOpen(false)} />
    </PageLayout>
  );
}
