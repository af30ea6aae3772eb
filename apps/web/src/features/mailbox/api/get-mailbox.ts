import type { Page } from '@esd/shared/api';
import type { MailMessage } from '@esd/shared/auth/auth.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailboxKeys } from './mailbox-keys';

type MailboxQuery = { page: number; perPage: number };

const getMailbox = (query: MailboxQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<MailMessage>>('/mailbox', {
    query,
    signal: options.signal,
  });

const mailboxQueryOptions = (query: MailboxQuery) =>
  queryOptions({
    queryKey: mailboxKeys.list(query),
    queryFn: ({ signal }) => getMailbox(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useMailbox = (query: MailboxQuery) => useQuery(mailboxQueryOptions(query));
