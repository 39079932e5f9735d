/** Query keys of the Connections screens. */
export const connectionKeys = {
  all: ['connections'] as const,
  constants: () => [...connectionKeys.all, 'constants'] as const,
  unified: (page: number) => [...connectionKeys.all, 'unified', page] as const,
  warehouseLists: () => [...connectionKeys.all, 'warehouse-list'] as const,
  warehouseList: (page: number) => [...connectionKeys.warehouseLists(), page] as const,
  detail: (id: string) => [...connectionKeys.all, 'detail', id] as const,
  whitelist: () => [...connectionKeys.all, 'whitelist'] as const,
  schemas: (id: string) => [...connectionKeys.all, 'schemas', id] as const,
  sourceTables: (id: string) => [...connectionKeys.all, 'source-tables', id] as const,
  sourceColumns: (id: string, table: string) => [...connectionKeys.all, 'source-columns', id, table] as const,
};

export const syncKeys = {
  all: ['warehouse-sync'] as const,
  of: (id: string) => [...syncKeys.all, id] as const,
  summary: (id: string) => [...syncKeys.of(id), 'summary'] as const,
  structure: (id: string) => [...syncKeys.of(id), 'structure'] as const,
  runs: (id: string, query: object) => [...syncKeys.of(id), 'runs', query] as const,
  activity: (id: string, page: number) => [...syncKeys.of(id), 'activity', page] as const,
  /** Every connection's destination tables: a save of one sync changes what the others may use. */
  destinationLists: () => [...syncKeys.all, 'destinations'] as const,
  destinations: (id: string) => [...syncKeys.destinationLists(), id] as const,
};
