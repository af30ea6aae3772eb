import {
  type WebhookEndpoint,
  type WebhookEndpointInput,
  webhookEndpointInputSchema,
  webhookEventTypes,
} from '@esd/shared/webhooks/webhooks.schemas';
import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordFormModal } from '@/components/record-form-modal';
import { schemaErrors } from '@/lib/schema-errors';
import { useCreateWebhook, useUpdateWebhook } from '../api/save-webhook';

type FormValues = { url: string; events: string[] };

type WebhookFormModalProps = {
  target: WebhookEndpoint | 'new' | null;
  onClose: () => void;
  /** the new endpoint with its secret, to show once */
  onCreated: Parameters<typeof useCreateWebhook>[0];
};

const valuesOf = (editing: WebhookEndpoint | null): FormValues =>
  editing
    ? { url: editing.url, events: [...editing.events] }
    : { url: 'https://', events: [...webhookEventTypes] };

/** Adds an endpoint or changes its URL and events. */
export const WebhookFormModal = ({ target, onClose, onCreated }: WebhookFormModalProps) => {
  const { t } = useTranslation();
  return (
    <RecordFormModal
      target={target}
      onClose={onClose}
      title={(editing) => t(editing ? 'webhooks.form.editTitle' : 'webhooks.form.createTitle')}
      valuesOf={valuesOf}
      validate={(values) => schemaErrors(webhookEndpointInputSchema, values)}
      toInput={(values): WebhookEndpointInput => webhookEndpointInputSchema.parse(values)}
      create={useCreateWebhook(onCreated)}
      update={useUpdateWebhook()}
      savedMessage={(editing) => t(editing ? 'webhooks.saved' : 'webhooks.created')}
      conflict={{ field: 'url', message: t('webhooks.form.urlTaken') }}
    >
      {(form) => (
        <>
          <TextInput
            label={t('webhooks.fields.url')}
            description={t('webhooks.form.urlHint')}
            type="url"
            required
            autoComplete="off"
            {...form.getInputProps('url')}
          />
          <Checkbox.Group
            label={t('webhooks.fields.events')}
            description={t('webhooks.form.eventsHint')}
            required
            {...form.getInputProps('events')}
          >
            <Stack gap="xs" mt="xs">
              {webhookEventTypes.map((type) => (
                <Checkbox key={type} value={type} label={t(`webhooks.events.${type}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
        </>
      )}
    </RecordFormModal>
  );
};
