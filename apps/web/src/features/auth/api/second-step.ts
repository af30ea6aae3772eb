import type { LoginData } from '@esd/shared/auth/auth.schemas';
import type { PasskeyOptions, SecondStepInput } from '@esd/shared/auth/mfa.schemas';
import type { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

type Options = Parameters<typeof startAuthentication>[0]['optionsJSON'];
/** The browser library loads only when a passkey is used: the login page stays light. */
const authenticate = async (options: PasskeyOptions['options']) => {
  const { startAuthentication: start } = await import('@simplewebauthn/browser');
  return start({ optionsJSON: options as unknown as Options });
};

type PasskeyAnswer = Extract<SecondStepInput, { method: 'passkey' }>['response'];

/** The browser library's answer, sent as the JSON the server's schema checks. */
const asBody = (response: Awaited<ReturnType<typeof startAuthentication>>) =>
  response as unknown as PasskeyAnswer;

const verifySecondStep = (input: SecondStepInput) =>
  apiRequest<LoginData>('/auth/mfa/verify', {
    method: 'POST',
    body: input,
    onUnauthorized: 'ignore',
  });

/** The second step with a passkey: the browser signs the server's challenge, the server checks. */
const verifyWithPasskey = async (ticket: string) => {
  const { challenge_id, options } = await apiRequest<PasskeyOptions>('/auth/mfa/passkey-options', {
    method: 'POST',
    body: { ticket },
    onUnauthorized: 'ignore',
  });
  const response = await authenticate(options);
  return verifySecondStep({ ticket, method: 'passkey', challenge_id, response: asBody(response) });
};

/** A password-less sign-in: any passkey of this portal the browser holds. */
const signInWithPasskey = async () => {
  const { challenge_id, options } = await apiRequest<PasskeyOptions>('/auth/passkey/options', {
    method: 'POST',
    onUnauthorized: 'ignore',
  });
  const response = await authenticate(options);
  return apiRequest<LoginData>('/auth/passkey', {
    method: 'POST',
    body: { challenge_id, response },
    onUnauthorized: 'ignore',
  });
};

/** Each caller shows its own error (a passkey prompt cancelled is not a server error). */
export const useVerifySecondStep = () =>
  useMutation({ mutationFn: verifySecondStep, meta: { notifyError: false } });
export const useVerifyWithPasskey = () =>
  useMutation({ mutationFn: verifyWithPasskey, meta: { notifyError: false } });
export const usePasskeySignIn = () =>
  useMutation({ mutationFn: signInWithPasskey, meta: { notifyError: false } });
