export const profileKeys = {
  all: ['profile'] as const,
  current: () => [...profileKeys.all, 'current'] as const,
  signIns: () => [...profileKeys.all, 'sign-ins'] as const,
};
