import { pageSchema } from '@esd/shared/api';
import {
  type AuditLogParams,
  auditEntrySchema,
  auditFiltersSchema,
} from '@esd/shared/users/users.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { auditKeys } from './users-keys';

export const getAuditLog = (query: AuditLogParams, options: { signal?: AbortSignal } = {}) =>
  apiRequest('/settings/audit-log', {
    query: query as Record<string, string | number | undefined>,
    schema: pageSchema(auditEntrySchema),
    signal: options.signal,
  });

export const auditLogQueryOptions = (query: AuditLogParams) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getAuditLog(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (query: AuditLogParams) => useQuery(auditLogQueryOptions(query));

export const useAuditFilters = () =>
  useQuery({
    queryKey: auditKeys.filters(),
    queryFn: ({ signal }) =>
      apiRequest('/settings/audit-log/filters', { schema: auditFiltersSchema, signal }),
  });
