import type { MfaChallenge } from '@esd/shared/auth/mfa.schemas';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage } from '@/lib/notify';
import { passkeyErrorMessage } from '@/lib/passkey-error';
import { reloadAfterLogin, saveSession } from '@/lib/session/session';
import type { AuthProviderId } from '@/lib/storage';
import { useVerifySecondStep, useVerifyWithPasskey } from '../api/second-step';

type Method = MfaChallenge['methods'][number];

/**
 * The second step after the password (or single sign-on): an authenticator code, a passkey or a
 * recovery code. An expired or used-up ticket sends back to the first step.
 */
export const SecondStepForm = ({
  challenge,
  providerId,
  onRestart,
}: {
  challenge: MfaChallenge;
  providerId: AuthProviderId;
  onRestart: () => void;
}) => {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { methods, ticket } = challenge;
  const [method, setMethod] = useState<Method>(
    methods.includes('totp') ? 'totp' : (methods[0] ?? 'recovery'),
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifySecondStep();
  const withPasskey = useVerifyWithPasskey();
  const isBusy =
    verify.isPending || withPasskey.isPending || verify.isSuccess || withPasskey.isSuccess;

  const handlers = {
    onSuccess: ({
      user,
      token,
    }: {
      user: Parameters<typeof saveSession>[0]['user'];
      token: string;
    }) => {
      saveSession({ user, token, providerId });
      reloadAfterLogin(searchParams.get('to'));
    },
    onError: (failure: unknown) => {
      if (isApiError(failure) && failure.errorName === 'MFA_TICKET_EXPIRED') {
        onRestart();
        return;
      }
      setError(
        method === 'passkey'
          ? passkeyErrorMessage(failure, t('auth.mfa.passkeyFailed'))
          : getErrorMessage(failure),
      );
    },
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (method === 'passkey') {
      withPasskey.mutate(ticket, handlers);
    } else if (code.trim()) {
      verify.mutate({ ticket, method, code }, handlers);
    }
  };

  const labels: Record<Method, string> = {
    totp: t('auth.mfa.methods.totp'),
    passkey: t('auth.mfa.methods.passkey'),
    recovery: t('auth.mfa.methods.recovery'),
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {methods.length > 1 ? (
          <Group gap="xs" grow role="group" aria-label={t('auth.mfa.step.methodLabel')}>
            {methods.map((value) => (
              <Button
                key={value}
                size="xs"
                variant={value === method ? 'light' : 'default'}
                aria-pressed={value === method}
                onClick={() => {
                  setMethod(value);
                  setCode('');
                  setError(null);
                }}
              >
                {labels[value]}
              </Button>
            ))}
          </Group>
        ) : null}
        {method === 'totp' ? (
          <TextInput
            label={t('auth.mfa.step.totpLabel')}
            description={t('auth.mfa.step.totpHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            data-autofocus
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        ) : method === 'recovery' ? (
          <TextInput
            label={t('auth.mfa.step.recoveryLabel')}
            description={t('auth.mfa.step.recoveryHint')}
            autoComplete="off"
            maxLength={40}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        ) : (
          <Text size="sm">{t('auth.mfa.step.passkeyHint')}</Text>
        )}
        {error ? (
          // plain text, not Alert: the login page's first load stays under its size ceiling
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Button
          type="submit"
          fullWidth
          size="md"
          loading={isBusy}
          leftSection={method === 'passkey' ? <IconFingerprint size={18} aria-hidden /> : null}
        >
          {method === 'passkey' ? t('auth.mfa.step.usePasskey') : t('auth.mfa.step.verify')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          {t('auth.mfa.step.back')}
        </Anchor>
      </Stack>
    </form>
  );
};
