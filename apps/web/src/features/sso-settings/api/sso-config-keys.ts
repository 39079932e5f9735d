export const ssoConfigKeys = {
  all: ['sso-config'] as const,
  current: () => [...ssoConfigKeys.all, 'current'] as const,
};
