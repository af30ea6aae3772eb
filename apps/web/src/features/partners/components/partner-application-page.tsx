import { isLanguage } from '@esd/shared/constants';
import {
  type PartnerApplicationInput,
  partnerApplicationInputSchema,
} from '@esd/shared/partners/partners.schemas';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifyError } from '@/lib/notify';
import { useSubmitPartnerApplication } from '../api/submit-partner-application';
import {
  emptyPartnerForm,
  PartnerApplicationFields,
  type PartnerFormValues,
} from './partner-application-fields';
import { partnerFormErrors, serverIssueError } from './partner-form-errors';

const toInput = (values: PartnerFormValues, lang: string): PartnerApplicationInput => ({
  ...values,
  country_id: (values.country_id ? Number(values.country_id) : undefined) as number,
  lang: isLanguage(lang) ? lang : undefined,
  website: values.website || undefined,
});

/** The one conflict the form is told of: a VÖEN (a company's public number) already applied. */
type Conflict = { field?: 'voen' };

const focusFirstError = () =>
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(),
  );

/** The public "Become a Partner" form; a success panel replaces it once sent. */
export const PartnerApplicationPage = () => {
  const { t, i18n } = useTranslation();
  const submitApplication = useSubmitPartnerApplication();
  const [sent, setSent] = useState<{ company: string; email: string } | null>(null);
  const form = useForm<PartnerFormValues>({
    initialValues: emptyPartnerForm,
    validate: (values) => partnerFormErrors(toInput(values, i18n.language)),
  });

  // messages follow a language switch
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-validate only shown errors
  useEffect(() => {
    if (Object.keys(form.errors).length > 0) form.validate();
  }, [i18n.language]);

  const submit = form.onSubmit(
    (values) => {
      const input = toInput(values, i18n.language);
      const parsed = partnerApplicationInputSchema.parse(input);
      submitApplication.mutate(input, {
        onSuccess: () => setSent({ company: parsed.company_name, email: parsed.email }),
        onError: (error) => {
          if (isApiError(error) && error.errorName === 'CONFLICT') {
            const { field } = (error.data ?? {}) as Conflict;
            if (field === 'voen') {
              form.setFieldError(field, t('partners.apply.conflict.voen'));
              focusFirstError();
              return;
            }
          }
          if (isApiError(error) && error.errorName === 'VALIDATION_FAILED') {
            const issues = (error.data as { issues?: { path?: string; message?: string }[] })
              ?.issues;
            for (const issue of issues ?? []) {
              const found = serverIssueError(issue);
              if (found && found.field in values) form.setFieldError(found.field, found.message);
            }
            focusFirstError();
            return;
          }
          notifyError(getErrorMessage(error));
        },
      });
    },
    () => focusFirstError(),
  );

  if (sent) return <PartnerApplicationSent company={sent.company} email={sent.email} />;

  const hasErrors = Object.keys(form.errors).length > 0;
  return (
    <Paper p={{ base: 'md', sm: 32 }} radius="lg" shadow="sm">
      <Stack gap={4} mb="lg">
        <Title order={1}>{t('pages.becomePartner')}</Title>
        <Text c="dimmed">{t('partners.apply.subtitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('partners.apply.requiredNote')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate style={{ position: 'relative' }}>
        <Stack gap="lg">
          <PartnerApplicationFields form={form} />
          {hasErrors ? (
            <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="status">
              {t('partners.apply.fixErrors')}
            </Alert>
          ) : null}
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm">
              {t('partners.apply.haveAccount')}{' '}
              <Anchor component={Link} to={paths.login.getHref()} fw={600}>
                {t('partners.apply.signIn')}
              </Anchor>
            </Text>
            <Button
              type="submit"
              size="md"
              loading={submitApplication.isPending}
              leftSection={<IconSend size={18} aria-hidden />}
            >
              {t('partners.apply.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const PartnerApplicationSent = ({ company, email }: { company: string; email: string }) => {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper p={{ base: 'lg', sm: 32 }} radius="lg" shadow="sm">
      <Stack gap="md" align="flex-start">
        <IconCircleCheck size={48} color="var(--mantine-color-teal-7)" aria-hidden />
        <Title order={1} ref={heading} tabIndex={-1}>
          {t('partners.apply.success.title')}
        </Title>
        <Text>{t('partners.apply.success.body', { company, email })}</Text>
        <Button component={Link} to={paths.login.getHref()} variant="light">
          {t('partners.apply.success.backToLogin')}
        </Button>
      </Stack>
    </Paper>
  );
};
