import type { RefreshData } from '@esd/shared/auth/auth.schemas';
import { apiRequest } from '@/lib/api-client';

/** Spec 8: a failed refresh never logs out, so its 401 is not treated as the end of the session. */
export const refreshToken = () =>
  apiRequest<RefreshData>('/auth/refresh', { onUnauthorized: 'ignore' });
