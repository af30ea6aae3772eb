import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_SCOPES,
  type ApiKeyExpiryDays,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@esd/shared/api-keys/api-keys.schemas';
import { Alert, Button, Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import { ShownOnceSecret } from '@/components/shown-once-secret';
import { getErrorMessage } from '@/lib/notify';
import { useCreateApiKey } from '../api/create-api-key';
import { scopeWordKey } from './scope-words';

type FormValues = { name: string; scopes: ApiKeyScope[]; expires_in_days: string };

const initialValues: FormValues = { name: '', scopes: [], expires_in_days: '90' };

/** The expiry presets in words: "30 days" … "1 year". */
const useExpiryLabel = () => {
  const { t } = useTranslation();
  return (days: ApiKeyExpiryDays) =>
    days === 365 ? t('api-keys.expiry.year') : t('api-keys.expiry.days', { count: days });
};

/** "Create key": name, scopes with words, an expiry preset; then the key, shown once. */
export const CreateApiKeyModal = ({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const expiryLabel = useExpiryLabel();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useForm<FormValues>({
    initialValues,
    validate: {
      name: (value) => (value.trim() ? null : t('api-keys.form.nameRequired')),
      scopes: (value) => (value.length > 0 ? null : t('api-keys.form.scopesRequired')),
    },
  });

  const submit = form.onSubmit((values) =>
    create.mutate(
      {
        name: values.name.trim(),
        scopes: values.scopes,
        expires_in_days: Number(values.expires_in_days) as ApiKeyExpiryDays,
      },
      { onSuccess: setCreated },
    ),
  );

  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      onClosed={() => {
        // the key leaves memory with the dialog
        setCreated(null);
        form.reset();
        create.reset();
      }}
      title={created ? t('api-keys.created.title') : t('api-keys.form.title')}
      size="lg"
    >
      {created ? (
        <ShownOnceSecret
          value={created.key}
          warning={t('api-keys.created.warning')}
          label={t('api-keys.created.label')}
          hint={t('api-keys.created.usage')}
          copyLabel={t('api-keys.created.copy')}
          copiedLabel={t('api-keys.created.copied')}
          doneLabel={t('api-keys.created.done')}
          onDone={onClose}
          testId="api-key-value"
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('api-keys.fields.name')}
              description={t('api-keys.form.nameHint')}
              required
              maxLength={100}
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Checkbox.Group
              label={t('api-keys.fields.scopes')}
              description={t('api-keys.form.scopesHint')}
              required
              {...form.getInputProps('scopes')}
            >
              <Stack gap="xs" mt="xs">
                {API_KEY_SCOPES.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={t(`api-keys.scopes.${scopeWordKey[scope]}.label`)}
                    description={t(`api-keys.scopes.${scopeWordKey[scope]}.hint`)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Radio.Group
              label={t('api-keys.fields.expiry')}
              description={t('api-keys.form.expiryHint')}
              required
              {...form.getInputProps('expires_in_days')}
            >
              <Group gap="md" mt="xs">
                {API_KEY_EXPIRY_DAYS.map((days) => (
                  <Radio key={days} value={String(days)} label={expiryLabel(days)} />
                ))}
              </Group>
            </Radio.Group>
            {create.isError ? (
              <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {getErrorMessage(create.error)}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('api-keys.form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </DialogModal>
  );
};
