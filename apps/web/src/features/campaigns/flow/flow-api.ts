import { useMutation, useQuery } from '@tanstack/react-query';
import {
  flowActionAddContract,
  flowActionRemoveContract,
  flowActionUpdateContract,
  MAX_PAGE_SIZE,
  type RequestOf,
  salesforceConnectionGetContract,
  staticListsAllContract,
  templatesListContract,
  webhookListAllContract,
} from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';

/** The pickers' option lists; each step panel asks only for the one it needs. */
export const flowPickerKeys = {
  templates: ['campaigns', 'flow', 'templates'] as const,
  webhooks: ['campaigns', 'flow', 'webhooks'] as const,
  staticLists: ['campaigns', 'flow', 'static-lists'] as const,
  salesforce: ['campaigns', 'flow', 'salesforce-connections'] as const,
};

export interface PickerOption {
  value: string;
  label: string;
}

export function useTemplateOptions() {
  return useQuery({
    queryKey: flowPickerKeys.templates,
    queryFn: ({ signal }) =>
      apiCall(templatesListContract, { page_number: 1, page_size: MAX_PAGE_SIZE }, { signal }),
    // Spec 5: only templates with content are offered to the email steps.
    select: (data): PickerOption[] =>
      data.records.filter((t) => t.has_content).map((t) => ({ value: t.template_id, label: t.name })),
  });
}

export function useWebhookOptions() {
  return useQuery({
    queryKey: flowPickerKeys.webhooks,
    queryFn: ({ signal }) => apiCall(webhookListAllContract, {}, { signal }),
    select: (data): PickerOption[] => data.records.map((w) => ({ value: w.webhook_id, label: w.name })),
  });
}

export function useStaticListOptions() {
  return useQuery({
    queryKey: flowPickerKeys.staticLists,
    queryFn: ({ signal }) => apiCall(staticListsAllContract, {}, { signal }),
    select: (data): PickerOption[] => data.records.map((l) => ({ value: l.static_list_id, label: l.name })),
  });
}

/** The organisation's Salesforce connection (spec 9: only one), as the step's one option; none yet: []. */
export function useSalesforceConnectionOptions() {
  return useQuery({
    queryKey: flowPickerKeys.salesforce,
    queryFn: ({ signal }) => apiCall(salesforceConnectionGetContract, {}, { signal }),
    select: (data): PickerOption[] =>
      data.connection ? [{ value: data.connection.connection_id, label: data.connection.name }] : [],
  });
}

export function useAddFlowAction() {
  return useMutation({
    mutationFn: (input: RequestOf<typeof flowActionAddContract>) => apiCall(flowActionAddContract, input),
  });
}

export function useRemoveFlowAction() {
  return useMutation({
    mutationFn: (input: RequestOf<typeof flowActionRemoveContract>) =>
      apiCall(flowActionRemoveContract, input),
  });
}

export function useUpdateFlowAction() {
  return useMutation({
    mutationFn: (input: RequestOf<typeof flowActionUpdateContract>) =>
      apiCall(flowActionUpdateContract, input),
  });
}
