import { forgotPasswordInputSchema } from '@esd/shared/auth/auth.schemas';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { matchesSchema } from '@/lib/form-validation';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthCard } from './auth-card';

export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: {
      email: matchesSchema(forgotPasswordInputSchema.shape.email, t('validation.email')),
    },
  });

  const submit = form.onSubmit((values) => {
    const input = forgotPasswordInputSchema.parse(values);
    requestReset.mutate(input, { onSuccess: () => setSentTo(input.email) });
  });

  const backToLogin = (
    <Group justify="center" mt="lg">
      <Anchor component={Link} to={paths.login.getHref()} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('auth.forgot.backToLogin')}
        </Group>
      </Anchor>
    </Group>
  );

  return (
    <AuthCard title={t('pages.forgotPassword')} subtitle={t('auth.forgot.subtitle')}>
      {sentTo ? (
        <Alert
          color="teal"
          title={t('auth.forgot.sentTitle')}
          icon={<IconMailForward aria-hidden />}
          role="status"
        >
          {t('auth.forgot.sent', { email: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth size="md" loading={requestReset.isPending}>
              {t('auth.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      {backToLogin}
    </AuthCard>
  );
};
