import type { loginDataSchema, OidcLoginInput } from '@esd/shared/auth/auth.schemas';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** Exchanges the identity provider's ID token for our own session token (spec 4). */
export const loginWithOidc = (input: OidcLoginInput) =>
  apiRequest<z.output<typeof loginDataSchema>>('/auth/oidc', {
    method: 'POST',
    body: input,
    onUnauthorized: 'ignore',
  });
