import { isEmail, normaliseEmail } from '@esd/shared/auth/email';
import type { MfaChallenge } from '@esd/shared/auth/mfa.schemas';
import { LOGIN_NOTIFICATION_MS } from '@esd/shared/constants';
import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PasswordField } from '@/components/password-field';
import { paths } from '@/config/paths';
import { getErrorMessage, notifyError, notifyWarning } from '@/lib/notify';
import { reloadAfterLogin, saveSession } from '@/lib/session/session';
import { isLoggedIn } from '@/lib/storage';
import { useLogin } from '../api/login';

// Long enough to read the warning before the reload replaces the page.
const ALREADY_LOGGED_IN_RELOAD_MS = 1500;

/** `onSecondStep`: the password was right and the account has a second factor to ask for. */
export const LoginForm = ({
  onSecondStep,
}: {
  onSecondStep: (challenge: MfaChallenge) => void;
}) => {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (isEmail(value) ? null : t('validation.email')),
      password: (value) => (value ? null : t('validation.required')),
    },
  });

  const signIn = form.onSubmit((values) => {
    login.mutate(
      { email: normaliseEmail(values.email), password: values.password },
      {
        onSuccess: (result) => {
          if ('mfa_required' in result) {
            onSecondStep(result);
            return;
          }
          saveSession({ user: result.user, token: result.token, providerId: 'password' });
          reloadAfterLogin(searchParams.get('to'));
        },
        onError: (error) =>
          notifyError(getErrorMessage(error), { autoClose: LOGIN_NOTIFICATION_MS }),
      },
    );
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Spec 5: someone signed in meanwhile (another tab): warn, then reload into the session.
    if (isLoggedIn()) {
      event.preventDefault();
      notifyWarning({
        title: t('auth.login.alreadyLoggedInTitle'),
        message: t('auth.login.alreadyLoggedIn'),
        autoClose: LOGIN_NOTIFICATION_MS,
      });
      setTimeout(() => window.location.reload(), ALREADY_LOGGED_IN_RELOAD_MS);
      return;
    }
    signIn(event);
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Stack gap={6}>
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword.getHref()} size="sm">
              {t('auth.login.forgotPassword')}
            </Anchor>
          </Group>
        </Stack>
        <Button
          type="submit"
          fullWidth
          size="md"
          loading={login.isPending || (login.isSuccess && !('mfa_required' in login.data))}
        >
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
};
