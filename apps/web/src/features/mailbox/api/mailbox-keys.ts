export const mailboxKeys = {
  all: ['mailbox'] as const,
  lists: () => [...mailboxKeys.all, 'list'] as const,
  list: (query: { page: number; perPage: number }) => [...mailboxKeys.lists(), query] as const,
};
