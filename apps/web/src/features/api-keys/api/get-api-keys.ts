import type { ApiKey } from '@esd/shared/api-keys/api-keys.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiKeyKeys } from './api-key-keys';

const getApiKeys = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<ApiKey[]>('/dealer/api-keys', { signal: options.signal });

const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => getApiKeys({ signal }) });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());
