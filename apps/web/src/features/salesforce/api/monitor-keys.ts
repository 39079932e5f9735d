/** Query keys of the Salesforce page's Sync history and Sync health tabs. */
export const monitorKeys = {
  all: ['salesforce-monitor'] as const,
  of: (connectionId: string) => [...monitorKeys.all, connectionId] as const,
  details: (connectionId: string) => [...monitorKeys.of(connectionId), 'details'] as const,
  runs: (connectionId: string, query: object) => [...monitorKeys.of(connectionId), 'runs', query] as const,
  health: (connectionId: string) => [...monitorKeys.of(connectionId), 'health'] as const,
  errorTypes: (connectionId: string) => [...monitorKeys.health(connectionId), 'types'] as const,
  errors: (connectionId: string, query: object) =>
    [...monitorKeys.health(connectionId), 'errors', query] as const,
  affected: (connectionId: string, query: object) =>
    [...monitorKeys.health(connectionId), 'affected', query] as const,
};
