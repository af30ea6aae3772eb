import { Button } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getErrorMessage, notifyError } from '@/lib/notify';
import { useOidcConfig } from '../api/get-oidc-config';
import { startOidcSignIn } from '../oidc/oidc-session';

/** Shown only when the server has single sign-on configured, below the passkey sign-in. */
export const OidcSignIn = () => {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const config = useOidcConfig();
  const [isRedirecting, setIsRedirecting] = useState(false);
  if (!config.data?.enabled) return null;

  const start = () => {
    setIsRedirecting(true);
    startOidcSignIn(searchParams.get('to')).catch((error: unknown) => {
      console.error(error);
      setIsRedirecting(false);
      notifyError(getErrorMessage(error));
    });
  };

  return (
    <Button
      variant="default"
      fullWidth
      mt="sm"
      size="md"
      leftSection={<IconShieldLock size={18} aria-hidden />}
      loading={isRedirecting}
      onClick={start}
    >
      {t('auth.login.sso')}
    </Button>
  );
};
