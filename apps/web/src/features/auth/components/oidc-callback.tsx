import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { getErrorMessage, notifyError } from '@/lib/notify';
import { reloadAfterLogin } from '@/lib/session/session';
import { completeOidcSignIn, OidcCallbackError } from '../oidc/oidc-session';
import { describeOidcError } from '../oidc/user-manager';

/** /callback: finish the code + PKCE exchange, then sign in like a password login. */
export const OidcCallback = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    // StrictMode mounts twice; the exchange runs once and only the live mount reacts to it.
    let isCancelled = false;
    completeOidcSignIn()
      .then(({ to, challenge }) => {
        if (isCancelled) return;
        if (challenge) {
          navigate(paths.login.getHref(to ?? undefined), {
            replace: true,
            state: { challenge, providerId: 'oidc' },
          });
        } else {
          reloadAfterLogin(to);
        }
      })
      .catch((error: unknown) => {
        if (isCancelled) return;
        console.error(error);
        if (error instanceof OidcCallbackError) {
          // Spec 8: an alert with the error code, details in the console.
          window.alert(
            `${describeOidcError(error.cause ?? error)}\n${t('auth.callback.detailedError')}`,
          );
        } else {
          notifyError(getErrorMessage(error));
        }
        navigate(paths.login.getHref(), { replace: true });
      });
    return () => {
      isCancelled = true;
    };
  }, [navigate, t]);

  return (
    <Center h="100dvh">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text>{t('auth.callback.signingIn')}</Text>
      </Stack>
    </Center>
  );
};
