import {
  newPasswordSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type PasswordLink,
} from '@esd/shared/auth/auth.schemas';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '@/components/new-password-fields';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { matchesSchema } from '@/lib/form-validation';
import { notifySuccess } from '@/lib/notify';
import { usePageTitleOverride } from '@/lib/page-title-override';
import { weakPasswordMessage } from '@/lib/weak-password';
import { usePasswordLink } from '../api/get-password-link';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';

type LinkProblem = 'missing' | 'invalid' | 'used' | 'expired';

/** Why the link cannot set a password, said instead of the form, with a way on. */
const LinkProblemAlert = ({ problem }: { problem: LinkProblem }) => {
  const { t } = useTranslation();
  const message = {
    missing: t('auth.reset.missingToken'),
    invalid: t('auth.link.invalid'),
    used: t('auth.link.used'),
    expired: t('auth.link.expired'),
  }[problem];
  return (
    <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Group gap="md">
          <Anchor component={Link} to={paths.forgotPassword.getHref()} fw={600} size="sm">
            {t('auth.reset.requestNew')}
          </Anchor>
          {problem === 'used' ? (
            <Anchor component={Link} to={paths.login.getHref()} fw={600} size="sm">
              {t('auth.link.signIn')}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Alert>
  );
};

const problemOf = (link: PasswordLink | undefined, error: unknown): LinkProblem | null => {
  if (isApiError(error) && error.errorName === 'INVALID_RESET_TOKEN') return 'invalid';
  if (!link || link.valid) return null;
  return link.reason ?? 'invalid';
};

/**
 * /pages/reset-password: the page of a set-password link. It asks the server what the link is
 * first: a new account's link is titled "Set your password", a used, expired or unknown one says
 * so at once instead of showing a form that would only fail. Should that check itself fail (the
 * network), the form is shown and the submit answers.
 */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const link = usePasswordLink(token);
  const resetPassword = useResetPassword();
  const isFirst = link.data?.kind === 'first';
  usePageTitleOverride(isFirst ? t('auth.first.title') : undefined);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: matchesSchema(
        newPasswordSchema,
        t('validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
      ),
      confirm: (value, values) =>
        value === values.password ? null : t('validation.passwordsMismatch'),
    },
  });

  const submit = form.onSubmit(({ password }) => {
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: () => {
          notifySuccess(isFirst ? t('auth.first.success') : t('auth.reset.success'));
          navigate(paths.login.getHref(), { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.errorName === 'WEAK_PASSWORD') {
            form.setFieldError('password', weakPasswordMessage(error, t));
          }
        },
      },
    );
  });

  const isTokenRejected =
    isApiError(resetPassword.error) && resetPassword.error.errorName === 'INVALID_RESET_TOKEN';
  const problem: LinkProblem | null = !token
    ? 'missing'
    : isTokenRejected
      ? 'invalid'
      : problemOf(link.data, link.error);

  // until the server has said what the link is, no title: a first link is never "Reset password"
  if (!problem && link.isPending) {
    return (
      <Paper p={{ base: 'lg', sm: 32 }} radius="lg" shadow="sm">
        <Group gap="sm" role="status" justify="center" py="md">
          <Loader size="sm" />
          <Text c="dimmed">{t('auth.link.checking')}</Text>
        </Group>
      </Paper>
    );
  }

  const body = problem ? (
    <LinkProblemAlert problem={problem} />
  ) : (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NewPasswordFields form={form} field="password" hint={t('auth.reset.hint')} />
        <Button type="submit" fullWidth size="md" loading={resetPassword.isPending}>
          {isFirst ? t('auth.first.submit') : t('auth.reset.submit')}
        </Button>
      </Stack>
    </form>
  );

  return (
    <AuthCard
      title={isFirst ? t('auth.first.title') : t('pages.resetPassword')}
      subtitle={isFirst ? t('auth.first.subtitle') : t('auth.reset.subtitle')}
    >
      {body}
    </AuthCard>
  );
};
