import '../styles';
import { Box, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import { Pagination, usePageState } from '@/components/pagination';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useCreateWebhook, useDeleteWebhook, useWebhooks, WEBHOOK_MESSAGES } from '../api/webhooks';
import { WebhookNameModal } from '../components/webhook-name-modal';
import { WebhooksTable } from '../components/webhooks-table';

/** Spec section 9: search debounce. */
const SEARCH_DEBOUNCE_MS = 1000;

/** /webhooks: the organisation's webhooks. */
export function WebhooksRoute() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { page, setPage, resetPage } = usePageState();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const webhooks = useWebhooks({ page_number: page, search: keyword });
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const totalPages = webhooks.isError ? 0 : (webhooks.data?.page_count ?? 0);

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
      title="Webhooks"
      description="HTTP calls to your other systems, personalised for each contact a campaign reaches."
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreateOpen(true)}>
          New webhook
        </Button>
      }
    >
      <Paper p={0}>
        <Group p="md" justify="space-between">
          <TextInput
            size="sm"
            w={300}
            leftSection={<IconSearch size={16} />}
            placeholder="Search webhooks"
            aria-label="Search webhooks"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              resetPage();
            }}
          />
          {webhooks.data ? (
            <Text size="sm" c="dimmed">
              {webhooks.data.total_count} {webhooks.data.total_count === 1 ? 'webhook' : 'webhooks'}
            </Text>
          ) : null}
        </Group>
        <WebhooksTable
          records={webhooks.isError ? [] : (webhooks.data?.records ?? [])}
          loading={webhooks.isPending}
          searching={keyword !== ''}
          onOpen={(webhook) => void navigate(protectedRoutes.webhookEdit.to({ id: webhook.webhook_id }))}
          onCreate={() => setCreateOpen(true)}
          onDelete={(webhook) =>
            modals.openConfirmModal({
              title: 'Remove webhook',
              children: <Text size="sm">{WEBHOOK_MESSAGES.deleteConfirm}</Text>,
              labels: { confirm: 'Remove', cancel: 'Cancel' },
              confirmProps: { color: 'red' },
              onConfirm: () =>
                remove.mutate(webhook.webhook_id, {
                  onSuccess: () => showSuccessToast(WEBHOOK_MESSAGES.deleted),
                  onError: () => showErrorToast(WEBHOOK_MESSAGES.deleteFailed),
                }),
            })
          }
        />
        {totalPages > 1 ? (
          <Box p="md">
            <Pagination page={page} totalPages={totalPages} onChange={(next) => setPage(next, totalPages)} />
          </Box>
        ) : null}
      </Paper>
      <WebhookNameModal
        opened={createOpen}
        title="New webhook"
        submitLabel="Create"
        saving={create.isPending}
        onClose={() => setCreateOpen(false)}
        onSubmit={(name) =>
          create.mutate(name, {
            onSuccess: (webhook) => {
              showSuccessToast(WEBHOOK_MESSAGES.created);
              void navigate(protectedRoutes.webhookEdit.to({ id: webhook.webhook_id }));
            },
            onError: () => showErrorToast(WEBHOOK_MESSAGES.createFailed),
          })
        }
      />
    </PageLayout>
  );
}
