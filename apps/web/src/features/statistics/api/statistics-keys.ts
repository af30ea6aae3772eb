export const statisticsKeys = {
  all: ['statistics'] as const,
  adobe: (months: number) => [...statisticsKeys.all, 'adobe', months] as const,
};
