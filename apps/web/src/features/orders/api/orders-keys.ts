import type { OrdersQuery } from './orders-query';

// Product titles come in the request's language: it is part of the keys.
export const ordersKeys = {
  all: ['orders'] as const,
  lists: () => [...ordersKeys.all, 'list'] as const,
  list: (query: OrdersQuery, lang: string) => [...ordersKeys.lists(), query, lang] as const,
  details: () => [...ordersKeys.all, 'detail'] as const,
  detail: (id: number, lang: string) => [...ordersKeys.details(), id, lang] as const,
  late: () => [...ordersKeys.all, 'late'] as const,
  // the same in every language: the server renders the PDF in the one asked for
  documents: (id: number) => [...ordersKeys.all, 'documents', id] as const,
};
