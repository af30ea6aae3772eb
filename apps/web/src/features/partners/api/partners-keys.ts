import type { PartnerApplicationListQuery } from '@esd/shared/partners/partners.schemas';

export const partnerKeys = {
  all: ['partners'] as const,
  // country names come in the interface language: it is part of the key
  formOptions: (lang: string) => ['partners', 'form-options', lang] as const,
  applications: ['partners', 'applications'] as const,
  lists: () => [...partnerKeys.applications, 'list'] as const,
  list: (query: PartnerApplicationListQuery) => [...partnerKeys.lists(), query] as const,
  detail: (id: number) => [...partnerKeys.applications, 'detail', id] as const,
  markupGroups: ['partners', 'markup-groups'] as const,
};
