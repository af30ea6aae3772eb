export const adobeKeys = {
  all: ['adobe'] as const,
  customers: () => [...adobeKeys.all, 'customers'] as const,
  subscriptions: (customerId: number, lang: string) =>
    [...adobeKeys.all, 'subscriptions', customerId, lang] as const,
};
