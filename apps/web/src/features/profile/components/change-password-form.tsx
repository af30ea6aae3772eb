import {
  changePasswordInputSchema,
  newPasswordSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '@esd/shared/auth/auth.schemas';
import { Paper, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/components/new-password-fields';
import { PasswordField } from '@/components/password-field';
import { SaveForm } from '@/components/stored-settings-form';
import { isApiError } from '@/lib/api-error';
import { matchesSchema } from '@/lib/form-validation';
import { getErrorMessage, notifySuccess } from '@/lib/notify';
import { weakPasswordMessage } from '@/lib/weak-password';
import { useChangePassword } from '../api/change-password';

export const ChangePasswordForm = () => {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { current_password: '', new_password: '', confirm: '' },
    validate: {
      current_password: matchesSchema(
        changePasswordInputSchema.shape.current_password,
        t('validation.required'),
      ),
      new_password: matchesSchema(
        newPasswordSchema,
        t('validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
      ),
      confirm: (value, values) =>
        value === values.new_password ? null : t('validation.passwordsMismatch'),
    },
  });

  const submit = form.onSubmit(({ current_password, new_password }) => {
    changePassword.mutate(
      { current_password, new_password },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess(t('profile.password.saved'));
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.errorName === 'WRONG_PASSWORD') {
            form.setFieldError('current_password', getErrorMessage(error));
          } else if (error.errorName === 'WEAK_PASSWORD') {
            form.setFieldError('new_password', weakPasswordMessage(error, t));
          }
        },
      },
    );
  });

  return (
    <Paper p="lg" radius="lg" component="section" aria-labelledby="profile-password-heading">
      <Title order={2} size="h4" mb="md" id="profile-password-heading">
        {t('profile.password.heading')}
      </Title>
      <SaveForm
        onSubmit={submit}
        saving={changePassword.isPending}
        submitLabel={t('profile.password.submit')}
      >
        <PasswordField
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          required
          key={form.key('current_password')}
          {...form.getInputProps('current_password')}
        />
        <NewPasswordFields form={form} field="new_password" hint={t('profile.password.hint')} />
      </SaveForm>
    </Paper>
  );
};
