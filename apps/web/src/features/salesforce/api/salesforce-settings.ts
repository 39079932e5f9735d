import {
  campaignsListAllContract,
  salesforceInclusionRemoveContract,
  salesforceInclusionUpdateContract,
  salesforceObjectsGetContract,
  salesforceObjectsUpdateContract,
  salesforcePermissionsRecheckContract,
  salesforceRecordsCreateUpdateContract,
  salesforceRecordsDeleteUpdateContract,
  salesforceSelectiveUpdateContract,
  salesforceSfRecordsCreateUpdateContract,
  salesforceSfRecordsDeleteUpdateContract,
  salesforceSyncSettingsUpdateContract,
  salesforceUsageCountContract,
  staticListsAllContract,
  type RequestOf,
  type SalesforceObjectFlags,
  type SalesforceObjectSettings,
} from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useStoreSalesforceConnection } from './salesforce-connection';
import { salesforceConnectionKeys } from './salesforce-connection-keys';

/** Objects, their permissions and fields, and the API allocation (the stored describe). */
export function useSalesforceObjects(connectionId: string, enabled = true) {
  return useQuery({
    queryKey: salesforceConnectionKeys.objects(connectionId),
    queryFn: ({ signal }) =>
      apiCall(salesforceObjectsGetContract, { connection_id: connectionId, force: false }, { signal }),
    enabled,
  });
}

export function useSalesforceUsage(connectionId: string) {
  return useQuery({
    queryKey: salesforceConnectionKeys.usage(connectionId),
    queryFn: ({ signal }) =>
      apiCall(salesforceUsageCountContract, { connection_id: connectionId }, { signal }),
  });
}

/** Describes again; the answer replaces the permissions the connection shows. */
export function useRecheckPermissions(connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall(salesforcePermissionsRecheckContract, { connection_id: connectionId }).then(
        (r) => r.permissions,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesforceConnectionKeys.all }),
  });
}

/** Objects and API allocation, saved together (wizard step 2 and General Settings). */
export function useSaveGeneralSettings(connectionId: string) {
  const store = useStoreSalesforceConnection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { object_settings: SalesforceObjectSettings; max_allocated: number }) => {
      await apiCall(salesforceObjectsUpdateContract, {
        connection_id: connectionId,
        object_settings: input.object_settings,
      });
      return apiCall(salesforceSyncSettingsUpdateContract, {
        connection_id: connectionId,
        max_allocated: input.max_allocated,
      }).then((r) => r.connection);
    },
    onSuccess: async (connection) => {
      await store(connection);
      await queryClient.invalidateQueries({ queryKey: salesforceConnectionKeys.objects(connectionId) });
      await queryClient.invalidateQueries({ queryKey: salesforceConnectionKeys.usage(connectionId) });
    },
  });
}

type SelectiveInput = RequestOf<typeof salesforceSelectiveUpdateContract>['selective_sync'];

/** Salesforce to Meridian: selective sync. */
export function useSaveSelectiveSync(connectionId: string) {
  const store = useStoreSalesforceConnection();
  return useMutation({
    mutationFn: (selective: SelectiveInput) =>
      apiCall(salesforceSelectiveUpdateContract, {
        connection_id: connectionId,
        selective_sync: selective,
      }).then((r) => r.connection),
    onSuccess: store,
  });
}

/** Meridian to Salesforce: which object a person Salesforce does not have is created as. */
export function useSaveRecordsCreate(connectionId: string) {
  const store = useStoreSalesforceConnection();
  return useMutation({
    mutationFn: (objectCreate: SalesforceObjectFlags) =>
      apiCall(salesforceRecordsCreateUpdateContract, {
        connection_id: connectionId,
        object_create: objectCreate,
      }).then((r) => r.connection),
    onSuccess: store,
  });
}

/** Meridian to Salesforce: which objects' records a person's deletion deletes in Salesforce. */
export function useSaveRecordsDelete(connectionId: string) {
  const store = useStoreSalesforceConnection();
  return useMutation({
    mutationFn: (objectDelete: SalesforceObjectFlags) =>
      apiCall(salesforceRecordsDeleteUpdateContract, {
        connection_id: connectionId,
        object_delete: objectDelete,
      }).then((r) => r.connection),
    onSuccess: store,
  });
}

/** Meridian to Salesforce: delete a person's Salesforce records when they are deleted here. */
export function useSaveSalesforceRecordDelete(connectionId: string) {
  const store = useStoreSalesforceConnection();
  return useMutation({
    mutationFn: (value: boolean) =>
      apiCall(salesforceSfRecordsDeleteUpdateContract, { connection_id: connectionId, value }).then(
        (r) => r.connection,
      ),
    onSuccess: store,
  });
}

export function useSaveSalesforceRecordCreate(connectionId: string) {
  const store = useStoreSalesforceConnection();
  return useMutation({
    mutationFn: (value: boolean) =>
      apiCall(salesforceSfRecordsCreateUpdateContract, { connection_id: connectionId, value }).then(
        (r) => r.connection,
      ),
    onSuccess: store,
  });
}

/** Meridian to Salesforce: only people of this list are pushed (null: everyone). */
export function useSaveInclusionList(connectionId: string) {
  const store = useStoreSalesforceConnection();
  return useMutation({
    mutationFn: (list: { list_id: string; list_type: 'static' | 'dynamic' } | null) =>
      (list
        ? apiCall(salesforceInclusionUpdateContract, { connection_id: connectionId, inclusion_list: list })
        : apiCall(salesforceInclusionRemoveContract, { connection_id: connectionId })
      ).then((r) => r.connection),
    onSuccess: store,
  });
}

/** The lists an inclusion list can be: static lists, or campaigns' dynamic lists. */
export function useInclusionCandidates(kind: 'static' | 'dynamic') {
  return useQuery({
    queryKey: salesforceConnectionKeys.lists(kind),
    queryFn: async ({ signal }) =>
      kind === 'static'
        ? (await apiCall(staticListsAllContract, {}, { signal })).records.map((list) => ({
            value: list.static_list_id,
            label: list.name,
          }))
        : (await apiCall(campaignsListAllContract, {}, { signal })).records
            .filter(hasDynamicList)
            .map((campaign) => ({ value: campaign.campaign_id, label: campaign.name })),
  });
}

/** As the push feed reads it: the published dynamic list, else the draft's. */
function hasDynamicList(campaign: { dynamic_list: unknown; draft_data: unknown }): boolean {
  if (campaign.dynamic_list !== null) return true;
  const draft = campaign.draft_data;
  return (
    typeof draft === 'object' && draft !== null && 'dynamic_list' in draft && draft.dynamic_list !== null
  );
}
