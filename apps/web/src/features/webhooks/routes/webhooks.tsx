import '../styles';
import { Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@/lib/router';
import { protectedRoutes } from '@/app/routes';
import { PageLayout } from '@/components/layout/page-layout';
import {
  ListSearchBar,
  openRemoveConfirm,
  useAddParam,
  useDebouncedSearchPaging,
} from '@/components/list-page';
import { ListPagination } from '@/components/pagination';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useCreateWebhook, useDeleteWebhook, useWebhooks, WEBHOOK_MESSAGES } from '../api/webhooks';
import { WebhookNameModal } from '../components/webhook-name-modal';
import { WebhooksTable } from '../components/webhooks-table';

/** /webhooks: the organisation's webhooks. */
export function WebhooksRoute() {
  const navigate = useNavigate();
  const { page, setPage, search, keyword, changeSearch } = useDebouncedSearchPaging();
  const webhooks = useWebhooks({ page_number: page, search: keyword });
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const totalPages = webhooks.isError ? 0 : (webhooks.data?.page_count ?? 0);
  const [createOpen, setCreateOpen] = useAddParam();

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
        <ListSearchBar
          label="Search webhooks"
          value={search}
          onChange={changeSearch}
          total={webhooks.data?.total_count}
          noun={['webhook', 'webhooks']}
        />
        <WebhooksTable
          records={webhooks.isError ? [] : (webhooks.data?.records ?? [])}
          loading={webhooks.isPending}
          failed={webhooks.isError ? { retry: () => void webhooks.refetch() } : null}
          searching={keyword !== ''}
          onOpen={(webhook) => void navigate(protectedRoutes.webhookEdit.to({ id: webhook.webhook_id }))}
          onCreate={() => setCreateOpen(true)}
          onDelete={(webhook) =>
            openRemoveConfirm({
              title: 'Remove webhook',
              message: WEBHOOK_MESSAGES.deleteConfirm,
              confirmLabel: 'Remove',
              onConfirm: () =>
                remove.mutate(webhook.webhook_id, {
                  onSuccess: () => showSuccessToast(WEBHOOK_MESSAGES.deleted),
                  onError: () => showErrorToast(WEBHOOK_MESSAGES.deleteFailed),
                }),
            })
          }
        />
        <ListPagination page={page} totalPages={totalPages} onChange={setPage} />
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
