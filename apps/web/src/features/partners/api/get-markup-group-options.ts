import type { Page } from '@esd/shared/api';
import type { MarkupGroup } from '@esd/shared/catalogue/settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { partnerKeys } from './partners-keys';

/** The markup groups a new dealer may join (the approval dialog's choice). */
const getMarkupGroupOptions = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<MarkupGroup>>('/settings/markup-groups', {
    query: { page: 1, perPage: 100, sort: 'name', order: 'asc' },
    signal: options.signal,
  });

/** Asked for when the approval dialog opens (its form mounts only then). */
export const useMarkupGroupOptions = () =>
  useQuery(
    queryOptions({
      queryKey: partnerKeys.markupGroups,
      queryFn: ({ signal }) => getMarkupGroupOptions({ signal }),
    }),
  );
