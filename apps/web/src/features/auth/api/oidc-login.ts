import type { LoginData, OidcLoginInput } from '@esd/shared/auth/auth.schemas';
import { apiRequest } from '@/lib/api-client';

/** Exchanges the identity provider's ID token for our own session token (spec 4). */
export const loginWithOidc = (input: OidcLoginInput) =>
  apiRequest<LoginData>('/auth/oidc', {
    method: 'POST',
    body: input,
    onUnauthorized: 'ignore',
  });
