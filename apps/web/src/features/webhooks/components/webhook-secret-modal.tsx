import type { WebhookEndpointWithSecret } from '@esd/shared/webhooks/webhooks.schemas';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';

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
        <Stack gap="md">
          <Alert color="yellow" icon={<IconKey size={18} aria-hidden />}>
            {t('webhooks.secret.intro')}
          </Alert>
          <Text size="sm" fw={500}>
            {endpoint.url}
          </Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {endpoint.secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={endpoint.secret} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={
                    copied ? (
                      <IconCheck size={18} aria-hidden />
                    ) : (
                      <IconCopy size={18} aria-hidden />
                    )
                  }
                  onClick={copy}
                >
                  {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('webhooks.secret.done')}</Button>
          </Group>
        </Stack>
      ) : null}
    </DialogModal>
  );
};
