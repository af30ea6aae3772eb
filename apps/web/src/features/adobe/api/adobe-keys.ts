export const adobeKeys = {
  all: ['adobe'] as const,
  customers: () => [...adobeKeys.all, 'customers'] as const,
};
