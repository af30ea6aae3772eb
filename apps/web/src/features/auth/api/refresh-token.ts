import type { refreshDataSchema } from '@esd/shared/auth/auth.schemas';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** Spec 8: a failed refresh never logs out, so its 401 is not treated as the end of the session. */
export const refreshToken = () =>
  apiRequest<z.output<typeof refreshDataSchema>>('/auth/refresh', { onUnauthorized: 'ignore' });
