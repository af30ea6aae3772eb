import type { Page, PaginationQuery } from '@esd/shared/api';
import type { MailMessage } from '@esd/shared/auth/auth.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailboxKeys } from './mailbox-keys';

const getMailbox = (query: PaginationQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<MailMessage>>('/mailbox', {
    query,
    signal: options.signal,
  });

const mailboxQueryOptions = (query: PaginationQuery) =>
  queryOptions({
    queryKey: mailboxKeys.list(query),
    queryFn: ({ signal }) => getMailbox(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useMailbox = (query: PaginationQuery) => useQuery(mailboxQueryOptions(query));
