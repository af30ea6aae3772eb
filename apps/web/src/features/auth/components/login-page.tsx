import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { OidcSignIn } from './oidc-sign-in';

export const LoginPage = () => {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('pages.login')} subtitle={t('auth.login.subtitle')}>
      <LoginForm />
      <OidcSignIn />
      <Text size="sm" ta="center" mt="lg" c="dimmed">
        {t('auth.login.newPartner')}{' '}
        <Anchor component={Link} to={paths.becomePartner.getHref()} fw={600}>
          {t('auth.login.becomePartner')}
        </Anchor>
      </Text>
    </AuthCard>
  );
};
