import type {
  EnrolResult,
  MfaStatus,
  PasskeyOptions,
  TotpSetup,
} from '@esd/shared/auth/mfa.schemas';
import type { startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const securityKeys = { all: ['second-factors'] as const };

type Options = Parameters<typeof startRegistration>[0]['optionsJSON'];

const mfaStatusQuery = () =>
  queryOptions({
    queryKey: securityKeys.all,
    queryFn: ({ signal }) => apiRequest<MfaStatus>('/auth/mfa', { signal }),
  });

export const useMfaStatus = () => useQuery(mfaStatusQuery());

const useInvalidating = <I, O>(mutationFn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  });
};

export const useSetupTotp = () =>
  useMutation({
    mutationFn: () => apiRequest<TotpSetup>('/auth/mfa/totp/setup', { method: 'POST' }),
    meta: { notifyError: false },
  });

export const useConfirmTotp = () =>
  useInvalidating((code: string) =>
    apiRequest<EnrolResult>('/auth/mfa/totp/confirm', { method: 'POST', body: { code } }),
  );

export const useRemoveTotp = () =>
  useInvalidating(() => apiRequest<object>('/auth/mfa/totp', { method: 'DELETE' }));

/** Registers a passkey: the server's options, the browser's new credential, the server's check. */
export const useAddPasskey = () =>
  useInvalidating(async (name: string) => {
    const { challenge_id, options } = await apiRequest<PasskeyOptions>(
      '/auth/mfa/passkeys/options',
      { method: 'POST' },
    );
    const { startRegistration: register } = await import('@simplewebauthn/browser');
    const response = await register({ optionsJSON: options as unknown as Options });
    return apiRequest<EnrolResult>('/auth/mfa/passkeys', {
      method: 'POST',
      body: { challenge_id, name, response },
    });
  });

export const useRemovePasskey = () =>
  useInvalidating((id: number) =>
    apiRequest<object>(`/auth/mfa/passkeys/${id}`, { method: 'DELETE' }),
  );

export const useRegenerateRecoveryCodes = () =>
  useInvalidating(() =>
    apiRequest<{ recovery_codes: string[] }>('/auth/mfa/recovery-codes', { method: 'POST' }),
  );
