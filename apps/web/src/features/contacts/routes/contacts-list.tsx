import '../styles';
import { Box, Button, Group, Menu, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconFileImport, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { Pagination, usePageState } from '@/components/pagination';
import { useContacts } from '../api/get-contacts';
import { ContactsTable } from '../components/contacts-table';
import { CreateContactModal } from '../components/create-contact-modal';
import { CsvImportModal } from '../components/csv-import-modal';
import { DATE_ADDED_OPTIONS, dateAddedRange, type DateAddedValue } from '../utils/date-filter';

/** Spec section 9: search debounce. */
export const SEARCH_DEBOUNCE_MS = 1000;

/** /contacts: the contact database. */
export function ContactsListRoute() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { page, setPage, resetPage } = usePageState();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [dateAdded, setDateAdded] = useState<DateAddedValue>('all');
  const contacts = useContacts({
    page_number: page,
    keyword: keyword || undefined,
    ...dateAddedRange(dateAdded),
  });
  const [importOpen, setImportOpen] = useState(false);
  const totalPages = contacts.isError ? 0 : (contacts.data?.page_count ?? 0);
  const total = contacts.data?.total_count;

  const createOpen = params.get('add') === 'true';
  const setCreateOpen = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('add', 'true');
        else next.delete('add');
        return next;
      },
      { replace: true },
    );

  return (
    <PageLayout
      title={total === undefined ? 'Contacts' : `Contacts (${total})`}
      description="Every person your organisation can reach, with their fields and activity."
      actions={
        <Menu position="bottom-end">
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
            <TextInput
              size="sm"
              w={300}
              leftSection={<IconSearch size={16} />}
              placeholder="Search contacts"
              aria-label="Search contacts"
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                resetPage();
              }}
            />
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
        {totalPages > 1 ? (
          <Box p="md">
            <Pagination page={page} totalPages={totalPages} onChange={(next) => setPage(next, totalPages)} />
          </Box>
        ) : null}
      </Paper>
      <CreateContactModal opened={createOpen} onClose={() => setCreateOpen(false)} />
      <CsvImportModal opened={importOpen} onClose={() => setImportOpen(false)} />
    </PageLayout>
  );
}
