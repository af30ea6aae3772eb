import type { Page } from '@esd/shared/api';
import type { AuditEntry, AuditFilters, AuditLogParams } from '@esd/shared/users/users.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { auditKeys } from './users-keys';

const getAuditLog = (query: AuditLogParams, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<AuditEntry>>('/settings/audit-log', {
    query: query as Record<string, string | number | undefined>,
    signal: options.signal,
  });

const auditLogQueryOptions = (query: AuditLogParams) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getAuditLog(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (query: AuditLogParams) => useQuery(auditLogQueryOptions(query));

export const useAuditFilters = () =>
  useQuery({
    queryKey: auditKeys.filters(),
    queryFn: ({ signal }) => apiRequest<AuditFilters>('/settings/audit-log/filters', { signal }),
  });
