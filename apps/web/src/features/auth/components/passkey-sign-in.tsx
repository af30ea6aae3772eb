import { LOGIN_NOTIFICATION_MS } from '@esd/shared/constants';
import { Button, Divider } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifyError } from '@/lib/notify';
import { passkeyErrorMessage } from '@/lib/passkey-error';
import { reloadAfterLogin, saveSession } from '@/lib/session/session';
import { usePasskeySignIn } from '../api/second-step';

/** A password-less sign-in: the passkey (with the device's PIN or biometrics) is both factors. */
export const PasskeySignIn = () => {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const signIn = usePasskeySignIn();

  const start = () =>
    signIn.mutate(undefined, {
      onSuccess: ({ user, token }) => {
        saveSession({ user, token, providerId: 'passkey' });
        reloadAfterLogin(searchParams.get('to'));
      },
      onError: (error) =>
        notifyError(passkeyErrorMessage(error, t('auth.mfa.passkeyFailed')), {
          autoClose: LOGIN_NOTIFICATION_MS,
        }),
    });

  return (
    <>
      <Divider label={t('auth.login.or')} labelPosition="center" my="lg" />
      <Button
        variant="default"
        fullWidth
        size="md"
        leftSection={<IconFingerprint size={18} aria-hidden />}
        loading={signIn.isPending || signIn.isSuccess}
        onClick={start}
      >
        {t('auth.mfa.passkeySignIn')}
      </Button>
    </>
  );
};
