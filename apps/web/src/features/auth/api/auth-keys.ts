export const authKeys = {
  all: ['auth'] as const,
  oidcConfig: () => [...authKeys.all, 'oidc-config'] as const,
};
