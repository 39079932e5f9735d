import '../styles';
import { Button, Group, Input, Paper } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { deferredMenu } from '@/components/deferred-menu';
import { PageLayout } from '@/components/layout/page-layout';
import { lazyDialog } from '@/components/lazy-dialog';
// By module, not the folder's index: it also exports the remove confirm and its dialog code.
import { SearchInput } from '@/components/list-page/list-search-bar';
import { useAddParam } from '@/components/list-page/use-add-param';
import { useDebouncedSearchPaging } from '@/components/list-page/use-debounced-search-paging';
import { ListPagination } from '@/components/pagination';
import { formatTotal } from '@/lib/format-count';
import { useContacts } from '../api/get-contacts';
import { ContactsTable } from '../components/contacts-table';
import { DATE_ADDED_OPTIONS, dateAddedRange, type DateAddedValue } from '../utils/date-filter';

// The menu and the dialogs (forms, file drop, import preview, their schemas) load when first
// used; the menu's loading starts both dialogs', so they are there by the time an item is chosen.
const CreateContactModal = lazyDialog(
  async () => (await import('../components/create-contact-modal')).CreateContactModal,
);
const CsvImportModal = lazyDialog(
  async () => (await import('../components/csv-import-modal')).CsvImportModal,
);
const ActionsMenu = deferredMenu(async () => {
  CreateContactModal.preload();
  CsvImportModal.preload();
  return (await import('../components/contacts-actions-menu')).ContactsActionsMenu;
});

/** /contacts: the contact database. */
export function ContactsListRoute() {
  const navigate = useNavigate();
  const { page, setPage, resetPage, search, keyword, changeSearch } = useDebouncedSearchPaging();
  const [dateAdded, setDateAdded] = useState<DateAddedValue>('all');
  const contacts = useContacts({
    page_number: page,
    keyword: keyword || undefined,
    ...dateAddedRange(dateAdded),
  });
  const [importOpen, setImportOpen] = useState(false);
  const totalPages = contacts.isError ? 0 : (contacts.data?.page_count ?? 0);
  const total = contacts.data
    ? formatTotal(contacts.data.total_count, contacts.data.total_capped)
    : undefined;
  const [createOpen, setCreateOpen] = useAddParam();

  return (
    <PageLayout
      title={total === undefined ? 'Contacts' : `Contacts (${total})`}
      description="Every person your organisation can reach, with their fields and activity."
      actions={
        <ActionsMenu
          target={<Button rightSection={<IconChevronDown size={16} />}>Actions</Button>}
          onCreate={() => setCreateOpen(true)}
          onImport={() => setImportOpen(true)}
        />
      }
    >
      <Paper p={0}>
        <Group p="md" justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <SearchInput label="Search contacts" value={search} onChange={changeSearch} />
            {/* The browser's own list, on the input styles the search box loads anyway: Mantine's
                Select would bring its combobox and positioning library, NativeSelect its chevron. */}
            <Input
              component="select"
              size="sm"
              w={180}
              aria-label="Date added"
              rightSection={<IconChevronDown size={14} aria-hidden="true" />}
              rightSectionPointerEvents="none"
              value={dateAdded}
              onChange={(event) => {
                setDateAdded(event.currentTarget.value as DateAddedValue);
                resetPage();
              }}
            >
              {DATE_ADDED_OPTIONS.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Input>
          </Group>
        </Group>
        <ContactsTable
          records={contacts.isError ? [] : (contacts.data?.records ?? [])}
          loading={contacts.isPending}
          failed={contacts.isError ? { retry: () => void contacts.refetch() } : null}
          onOpen={(id) => void navigate(protectedRoutes.contactDetail.to({ id }))}
        />
        <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
      </Paper>
      <CreateContactModal opened={createOpen} onClose={() => setCreateOpen(false)} />
      <CsvImportModal opened={importOpen} onClose={() => setImportOpen(false)} />
    </PageLayout>
  );
}
