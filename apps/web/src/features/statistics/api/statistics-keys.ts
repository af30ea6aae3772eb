export const statisticsKeys = {
  all: ['statistics'] as const,
  adobe: (months: number) => [...statisticsKeys.all, 'adobe', months] as const,
  weekly: (from: string, to: string) => [...statisticsKeys.all, 'weekly', from, to] as const,
  distribution: (from: string, to: string) =>
    [...statisticsKeys.all, 'distribution', from, to] as const,
  quarter: (year: number) => [...statisticsKeys.all, 'quarter', year] as const,
  topProducts: (from: string, to: string) =>
    [...statisticsKeys.all, 'top-products', from, to] as const,
};
