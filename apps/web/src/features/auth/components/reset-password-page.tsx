import { newPasswordSchema, PASSWORD_MAX, PASSWORD_MIN } from '@esd/shared/auth/auth.schemas';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '@/components/new-password-fields';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { matchesSchema } from '@/lib/form-validation';
import { getErrorMessage, notifySuccess } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';

export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const resetPassword = useResetPassword();
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
          notifySuccess(t('auth.reset.success'));
          navigate(paths.login.getHref(), { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.errorName === 'WEAK_PASSWORD') {
            form.setFieldError('password', getErrorMessage(error));
          }
        },
      },
    );
  });

  const isTokenRejected =
    isApiError(resetPassword.error) && resetPassword.error.errorName === 'INVALID_RESET_TOKEN';

  return (
    <AuthCard title={t('pages.resetPassword')} subtitle={t('auth.reset.subtitle')}>
      {!token || isTokenRejected ? (
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />}>
          {isTokenRejected ? t('errors.INVALID_RESET_TOKEN') : t('auth.reset.missingToken')}{' '}
          <Anchor component={Link} to={paths.forgotPassword.getHref()} fw={600} size="sm">
            {t('auth.reset.requestNew')}
          </Anchor>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <NewPasswordFields form={form} field="password" hint={t('auth.reset.hint')} />
            <Button type="submit" fullWidth size="md" loading={resetPassword.isPending}>
              {t('auth.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
};
