import { Box, Button, Center, Grid, Group, Loader, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { Pagination, shouldShowPagination, usePageState } from '@/components/pagination';
import { useDeleteDevMails } from '../api/delete-dev-mails';
import { useDevMails, useDevMailsAvailability } from '../api/get-dev-mails';
import { MailPreview } from '../components/mail-preview';
import { MailTable } from '../components/mail-table';

const TITLE = 'Captured mails';
/** Spec section 9: search debounce. */
const SEARCH_DEBOUNCE_MS = 1000;

/** /dev/mails: mails the local SMTP capture received (local mode only). */
export function DevMailsRoute() {
  const availability = useDevMailsAvailability();
  if (availability.isPending) {
    return (
      <PageLayout title={TITLE}>
        <Center py={80}>
          <Loader />
        </Center>
      </PageLayout>
    );
  }
  if (!availability.isSuccess) {
    return (
      <PageLayout
        title="Not available"
        description="Captured mails are shown only when Meridian runs in local mode."
      />
    );
  }
  return <DevMailsScreen />;
}

function DevMailsScreen() {
  const { page, setPage, resetPage } = usePageState();
  const [recipient, setRecipient] = useState('');
  const [to] = useDebouncedValue(recipient.trim(), SEARCH_DEBOUNCE_MS);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const mails = useDevMails({ page_number: page, to: to || undefined });
  const deleteAll = useDeleteDevMails({
    onSuccess: () => {
      setSelectedId(null);
      resetPage();
    },
  });
  const totalPages = mails.data?.page_count ?? 0;
  const totalCount = mails.data?.total_count ?? 0;

  const confirmDeleteAll = () =>
    modals.openConfirmModal({
      title: 'Delete all captured mails',
      children: <Text size="sm">Every captured mail will be removed. This cannot be undone.</Text>,
      labels: { confirm: 'Delete all', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => deleteAll.mutate(),
    });

  return (
    <PageLayout
      title={TITLE}
      description="Mails sent while Meridian runs in local mode are captured here instead of being delivered."
      actions={
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          disabled={totalCount === 0}
          loading={deleteAll.isPending}
          onClick={confirmDeleteAll}
        >
          Delete all
        </Button>
      }
    >
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Paper p={0}>
            <Group p="md" justify="space-between" wrap="nowrap">
              <TextInput
                size="sm"
                w={280}
                leftSection={<IconSearch size={16} />}
                placeholder="Filter by recipient"
                aria-label="Filter by recipient"
                value={recipient}
                onChange={(event) => {
                  setRecipient(event.currentTarget.value);
                  resetPage();
                }}
              />
              <Text size="sm" c="dimmed">
                {totalCount} {totalCount === 1 ? 'mail' : 'mails'}
              </Text>
            </Group>
            {mails.isPending ? (
              <Center py={64}>
                <Loader size="sm" />
              </Center>
            ) : (
              <MailTable
                records={mails.data?.records ?? []}
                selectedId={selectedId}
                onSelect={setSelectedId}
              />
            )}
            {shouldShowPagination(totalPages) ? (
              <Box p="md">
                <Pagination
                  page={page}
                  totalPages={totalPages}
                  onChange={(next) => setPage(next, totalPages)}
                />
              </Box>
            ) : null}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <MailPreview id={selectedId} />
        </Grid.Col>
      </Grid>
    </PageLayout>
  );
}
