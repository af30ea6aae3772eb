export const webhookKeys = {
  all: ['dealer', 'webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (endpointId: number, page: number) =>
    [...webhookKeys.all, 'deliveries', endpointId, page] as const,
};
