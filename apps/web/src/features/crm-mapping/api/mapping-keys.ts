/** Query keys of the CRM data mapping. */
export const mappingKeys = {
  all: ['unified-mapping'] as const,
  mapping: () => [...mappingKeys.all, 'mapping'] as const,
};
