import type { WebhookEndpointWithSecret } from '@esd/shared/webhooks/webhooks.schemas';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import { ShownOnceSecret } from '@/components/shown-once-secret';

type WebhookSecretModalProps = {
  endpoint: WebhookEndpointWithSecret | null;
  onClose: () => void;
};

/** An endpoint's signing secret, shown once: after creating it and after a roll. */
export const WebhookSecretModal = ({ endpoint, onClose }: WebhookSecretModalProps) => {
  const { t } = useTranslation();
  return (
    <DialogModal opened={endpoint !== null} onClose={onClose} title={t('webhooks.secret.title')}>
      {endpoint ? (
        <ShownOnceSecret
          value={endpoint.secret}
          warning={t('webhooks.secret.intro')}
          label={endpoint.url}
          copyLabel={t('webhooks.secret.copy')}
          copiedLabel={t('webhooks.secret.copied')}
          doneLabel={t('webhooks.secret.done')}
          onDone={onClose}
        />
      ) : null}
    </DialogModal>
  );
};
