import type { OidcLoginInput } from '@esd/shared/auth/auth.schemas';
import type { LoginResult } from '@esd/shared/auth/mfa.schemas';
import { apiRequest } from '@/lib/api-client';

/** Exchanges the identity provider's ID token for our own session token (spec 4). */
export const loginWithOidc = (input: OidcLoginInput) =>
  apiRequest<LoginResult>('/auth/oidc', {
    method: 'POST',
    body: input,
    onUnauthorized: 'ignore',
  });
