import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  webhookCreateContract,
  webhookDeleteContract,
  webhookGetContract,
  webhookListContract,
  webhookNameUpdateContract,
  webhookPreviewContract,
  tokensListAllContract,
  webhookUpdateContract,
  type RequestOf,
  type Webhook,
} from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';
import { webhookKeys, type WebhooksQuery } from './webhook-keys';

/** Spec section 8, webhooks, word for word (and spec 2's delete confirmation). */
export const WEBHOOK_MESSAGES = {
  created: 'Webhook created successfully',
  createFailed: 'Webhook creation failed',
  deleted: 'Webhook deleted successfully',
  deleteFailed: 'Webhook deletion failed',
  renamed: 'Webhook name updated successfully',
  updated: 'Webhook updated successfully',
  updateFailed: 'Webhook updation failed',
  previewSuccessful: 'Preview successful',
  deleteConfirm: 'Are you sure about deleting this webhook? Once deleted cannot be undone',
} as const;

export function useWebhooks(query: WebhooksQuery) {
  return useQuery({
    queryKey: webhookKeys.list(query),
    queryFn: ({ signal }) =>
      apiCall(
        webhookListContract,
        {
          page_number: query.page_number,
          page_size: DEFAULT_PAGE_SIZE,
          query: query.search ? { search: { keyword: query.search } } : undefined,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useWebhook(id: string) {
  return useQuery({
    queryKey: webhookKeys.detail(id),
    queryFn: ({ signal }) =>
      apiCall(webhookGetContract, { webhook_id: id }, { signal, selfHandled: true }).then((r) => r.webhook),
    meta: { selfHandled: true },
  });
}

/** A changed webhook: its cached detail is the answer, and every list page is stale. */
function useStoreWebhook() {
  const queryClient = useQueryClient();
  return (webhook: Webhook) => {
    queryClient.setQueryData(webhookKeys.detail(webhook.webhook_id), webhook);
    return queryClient.invalidateQueries({ queryKey: webhookKeys.lists() });
  };
}

export function useCreateWebhook() {
  const store = useStoreWebhook();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (name: string) =>
      apiCall(webhookCreateContract, { name }, { selfHandled: true }).then((r) => r.webhook),
    onSuccess: store,
  });
}

export function useUpdateWebhook(id: string) {
  const store = useStoreWebhook();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (input: Omit<RequestOf<typeof webhookUpdateContract>, 'webhook_id'>) =>
      apiCall(webhookUpdateContract, { ...input, webhook_id: id }, { selfHandled: true }).then(
        (r) => r.webhook,
      ),
    onSuccess: store,
  });
}

export function useRenameWebhook(id: string) {
  const store = useStoreWebhook();
  return useMutation({
    mutationFn: (name: string) =>
      apiCall(webhookNameUpdateContract, { webhook_id: id, name }).then((r) => r.webhook),
    onSuccess: store,
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (id: string) => apiCall(webhookDeleteContract, { webhook_id: id }, { selfHandled: true }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: webhookKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.lists() });
    },
  });
}

/** Renders the saved webhook for one person and makes the call (through the service's guarded client). */
export function usePreviewWebhook() {
  return useMutation({
    mutationFn: (input: RequestOf<typeof webhookPreviewContract>) => apiCall(webhookPreviewContract, input),
  });
}

/** The organisation's saved tokens, offered for insertion into the payload. */
export function useSavedTokens(enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.tokens(),
    queryFn: ({ signal }) =>
      apiCall(tokensListAllContract, {}, { signal, selfHandled: true }).then((r) => r.records),
    meta: { selfHandled: true },
    enabled,
  });
}
