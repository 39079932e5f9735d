export const impersonateKeys = {
  all: ['impersonate'] as const,
  organisations: () => [...impersonateKeys.all, 'organisations'] as const,
  accounts: (organisationId: string) => [...impersonateKeys.all, 'accounts', organisationId] as const,
};
