import type { AuditLogParams, UserListParams } from '@esd/shared/users/users.schemas';

/** all / lists() / list(query) / detail(id) of managed accounts, and the audit log's. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListParams) => [...userKeys.lists(), query] as const,
  // names of countries come in the request's language: it is part of the key
  options: (lang: string, dealerId: number | null) =>
    [...userKeys.all, 'options', lang, dealerId] as const,
};

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (query: AuditLogParams) => [...auditKeys.all, 'list', query] as const,
  filters: () => [...auditKeys.all, 'filters'] as const,
};
