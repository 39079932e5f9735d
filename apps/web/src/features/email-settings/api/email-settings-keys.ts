export const emailSettingsKeys = {
  all: ['email-settings'] as const,
  settings: () => [...emailSettingsKeys.all, 'settings'] as const,
  activeDomains: () => [...emailSettingsKeys.all, 'domains', 'active'] as const,
  unsubUrl: () => [...emailSettingsKeys.all, 'unsub-url'] as const,
};
