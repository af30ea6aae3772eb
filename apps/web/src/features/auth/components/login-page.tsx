import type { MfaChallenge } from '@esd/shared/auth/mfa.schemas';
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import type { AuthProviderId } from '@/lib/storage';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { OidcSignIn } from './oidc-sign-in';
import { PasskeySignIn } from './passkey-sign-in';
import { SecondStepForm } from './second-step-form';

type SecondStep = { challenge: MfaChallenge; providerId: AuthProviderId };

export const LoginPage = () => {
  const { t } = useTranslation();
  // single sign-on comes back from /callback with its second step in the history state
  const fromCallback = useLocation().state as SecondStep | null;
  const [secondStep, setSecondStep] = useState<SecondStep | null>(
    fromCallback?.challenge ? fromCallback : null,
  );

  if (secondStep) {
    return (
      <AuthCard title={t('auth.mfa.step.title')} subtitle={t('auth.mfa.step.subtitle')}>
        <SecondStepForm {...secondStep} onRestart={() => setSecondStep(null)} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('pages.login')} subtitle={t('auth.login.subtitle')}>
      <LoginForm
        onSecondStep={(challenge) => setSecondStep({ challenge, providerId: 'password' })}
      />
      <PasskeySignIn />
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
