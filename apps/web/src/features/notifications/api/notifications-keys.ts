export const notificationKeys = {
  all: ['notifications'] as const,
  waiting: () => [...notificationKeys.all, 'waiting'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};
