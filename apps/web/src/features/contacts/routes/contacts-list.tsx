import '../styles';
import { Button, Group, Menu, Paper, Select } from '@mantine/core';
import { IconChevronDown, IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { lazyDialog } from '@/components/lazy-dialog';
import { SearchInput, useAddParam, useDebouncedSearchPaging } from '@/components/list-page';
import { ListPagination } from '@/components/pagination';
import { formatTotal } from '@/lib/format-count';
import { useContacts } from '../api/get-contacts';
import { ContactsTable } from '../components/contacts-table';
import { DATE_ADDED_OPTIONS, dateAddedRange, type DateAddedValue } from '../utils/date-filter';

// The dialogs (forms, file drop, import preview, their schemas) load when first opened; opening
// the Actions menu starts loading both, so they are there by the time an item is chosen.
const CreateContactModal = lazyDialog(
  async () => (await import('../components/create-contact-modal')).CreateContactModal,
);
const CsvImportModal = lazyDialog(
  async () => (await import('../components/csv-import-modal')).CsvImportModal,
);
const preloadDialogs = () => {
  CreateContactModal.preload();
  CsvImportModal.preload();
};

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
        <Menu position="bottom-end" onOpen={preloadDialogs}>
          <Menu.Target>
            <Button rightSection={<IconChevronDown size={16} />}>Actions</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconUserPlus size={16} />} onClick={() => setCreateOpen(true)}>
              Create Contact
            </Menu.Item>
            <Menu.Item leftSection={<IconFileImport size={16} />} onClick={() => setImportOpen(true)}>
              Import Contacts
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      }
    >
      <Paper p={0}>
        <Group p="md" justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <SearchInput label="Search contacts" value={search} onChange={changeSearch} />
            <Select
              size="sm"
              w={180}
              aria-label="Date added"
              data={DATE_ADDED_OPTIONS.map(({ value, label }) => ({ value, label }))}
              value={dateAdded}
              allowDeselect={false}
              onChange={(value) => {
                setDateAdded((value ?? 'all') as DateAddedValue);
                resetPage();
              }}
            />
          </Group>
        </Group>
        <ContactsTable
          records={contacts.isError ? [] : (contacts.data?.records ?? [])}
          loading={contacts.isPending}
          onOpen={(id) => void navigate(protectedRoutes.contactDetail.to({ id }))}
        />
        <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
      </Paper>
      <CreateContactModal opened={createOpen} onClose={() => setCreateOpen(false)} />
      <CsvImportModal opened={importOpen} onClose={() => setImportOpen(false)} />
    </PageLayout>
  );
}
