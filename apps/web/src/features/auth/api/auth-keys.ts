export const authKeys = {
  all: ['auth'] as const,
  oidcConfig: () => [...authKeys.all, 'oidc-config'] as const,
  passwordLink: (token: string) => [...authKeys.all, 'password-link', token] as const,
};
