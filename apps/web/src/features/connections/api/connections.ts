import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  connectionsListContract,
  DEFAULT_PAGE_SIZE,
  integrationConstantsContract,
  warehouseConnectionCreateContract,
  warehouseConnectionGetContract,
  warehouseConnectionListContract,
  warehouseConnectionUpdateContract,
  warehouseSchemaSetContract,
  warehouseSourceColumnListContract,
  warehouseSourceSchemaListContract,
  warehouseSourceTableListContract,
  warehouseWhitelistIpListContract,
  type RequestOf,
  type WarehouseConnection,
} from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';
import { connectionKeys, syncKeys } from './connection-keys';

/** Spec 3 "Constants from server": the services, valid intervals and the whitelist note. */
export function useIntegrationConstants() {
  return useQuery({
    queryKey: connectionKeys.constants(),
    queryFn: ({ signal }) => apiCall(integrationConstantsContract, {}, { signal }),
    staleTime: Infinity,
  });
}

/** The unified list (spec 3 "Connection (unified list)") for /connections. */
export function useUnifiedConnections(page: number) {
  return useQuery({
    queryKey: connectionKeys.unified(page),
    queryFn: ({ signal }) =>
      apiCall(connectionsListContract, { page_number: page, page_size: DEFAULT_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The warehouse connections for /connection. */
export function useWarehouseConnections(page: number) {
  return useQuery({
    queryKey: connectionKeys.warehouseList(page),
    queryFn: ({ signal }) =>
      apiCall(
        warehouseConnectionListContract,
        { page_number: page, page_size: DEFAULT_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useWarehouseConnection(id: string) {
  return useQuery({
    queryKey: connectionKeys.detail(id),
    queryFn: ({ signal }) =>
      apiCall(warehouseConnectionGetContract, { connection_id: id }, { signal, selfHandled: true }).then(
        (r) => r.connection,
      ),
    meta: { selfHandled: true },
  });
}

export function useWhitelistIps(enabled: boolean) {
  return useQuery({
    queryKey: connectionKeys.whitelist(),
    queryFn: ({ signal }) =>
      apiCall(warehouseWhitelistIpListContract, {}, { signal }).then((r) => r.whitelist_ips),
    enabled,
    staleTime: Infinity,
  });
}

export function useSourceSchemas(id: string | null) {
  return useQuery({
    queryKey: connectionKeys.schemas(id ?? ''),
    queryFn: ({ signal }) =>
      apiCall(warehouseSourceSchemaListContract, { connection_id: id! }, { signal }).then((r) => r.schemas),
    enabled: id !== null,
  });
}

export function useSourceTables(id: string) {
  return useQuery({
    queryKey: connectionKeys.sourceTables(id),
    queryFn: ({ signal }) => apiCall(warehouseSourceTableListContract, { connection_id: id }, { signal }),
  });
}

export function useSourceColumns(id: string, table: string | null) {
  return useQuery({
    queryKey: connectionKeys.sourceColumns(id, table ?? ''),
    queryFn: ({ signal }) =>
      apiCall(warehouseSourceColumnListContract, { connection_id: id, table_name: table! }, { signal }).then(
        (r) => r.columns,
      ),
    enabled: table !== null,
    staleTime: 60_000,
  });
}

/** A changed connection: its detail is the answer; the lists and its sync summary are stale. */
function useStoreConnection() {
  const queryClient = useQueryClient();
  return (connection: WarehouseConnection) => {
    queryClient.setQueryData(connectionKeys.detail(connection.id), connection);
    void queryClient.invalidateQueries({ queryKey: syncKeys.of(connection.id) });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: connectionKeys.warehouseLists() }),
      queryClient.invalidateQueries({ queryKey: [...connectionKeys.all, 'unified'] }),
    ]);
  };
}

/** Create and update show their failures in the form (field errors, the failing test step). */
export function useCreateConnection() {
  const store = useStoreConnection();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (input: RequestOf<typeof warehouseConnectionCreateContract>) =>
      apiCall(warehouseConnectionCreateContract, input, { selfHandled: true }).then((r) => r.connection),
    onSuccess: store,
  });
}

export function useUpdateConnection() {
  const store = useStoreConnection();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (input: RequestOf<typeof warehouseConnectionUpdateContract>) =>
      apiCall(warehouseConnectionUpdateContract, input, { selfHandled: true }).then((r) => r.connection),
    onSuccess: store,
  });
}

export function useSetSchema() {
  const store = useStoreConnection();
  return useMutation({
    meta: { selfHandled: true },
    mutationFn: (input: RequestOf<typeof warehouseSchemaSetContract>) =>
      apiCall(warehouseSchemaSetContract, input, { selfHandled: true }).then((r) => r.connection),
    onSuccess: store,
  });
}
