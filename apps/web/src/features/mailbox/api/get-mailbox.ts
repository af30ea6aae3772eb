import { pageSchema } from '@esd/shared/api';
import { mailMessageSchema } from '@esd/shared/auth/auth.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailboxKeys } from './mailbox-keys';

const mailboxPageSchema = pageSchema(mailMessageSchema);

type MailboxQuery = { page: number; perPage: number };

export const getMailbox = (query: MailboxQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest('/mailbox', { query, schema: mailboxPageSchema, signal: options.signal });

export const mailboxQueryOptions = (query: MailboxQuery) =>
  queryOptions({
    queryKey: mailboxKeys.list(query),
    queryFn: ({ signal }) => getMailbox(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useMailbox = (query: MailboxQuery) => useQuery(mailboxQueryOptions(query));
