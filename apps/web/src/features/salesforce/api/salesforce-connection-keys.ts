/** Query keys of the Salesforce connection and its setup screens. */
export const salesforceConnectionKeys = {
  all: ['salesforce-connection'] as const,
  /** The organisation's connection (`null`: whichever it has). */
  connection: (id: string | null) =>
    [...salesforceConnectionKeys.all, 'connection', id ?? 'current'] as const,
  objects: (id: string) => [...salesforceConnectionKeys.all, 'objects', id] as const,
  usage: (id: string) => [...salesforceConnectionKeys.all, 'usage', id] as const,
  mapping: () => [...salesforceConnectionKeys.all, 'mapping'] as const,
  lists: (kind: 'static' | 'dynamic') => [...salesforceConnectionKeys.all, 'lists', kind] as const,
};
