import { formatDateTime } from '@esd/shared/format/format';
import type {
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '@esd/shared/webhooks/webhooks.schemas';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconList, IconPlayerPlay, IconPlus, IconRefresh, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { getErrorMessage, notifySuccess } from '@/lib/notify';
import { useWebhooks } from '../api/get-webhooks';
import { useDeleteWebhook } from '../api/save-webhook';
import { useEnableWebhook, usePingWebhook, useRollWebhookSecret } from '../api/webhook-actions';
import { WebhookDeliveriesDrawer } from './webhook-deliveries-drawer';
import { WebhookFormModal } from './webhook-form-modal';
import { WebhookSecretModal } from './webhook-secret-modal';

/** Settings → Webhooks: the dealer's endpoints, their secrets, tests and delivery logs. */
export const WebhooksPage = () => {
  const { t, i18n } = useTranslation();
  const endpoints = useWebhooks();
  const deleteEndpoint = useDeleteWebhook();
  const ping = usePingWebhook();
  const enable = useEnableWebhook();
  const roll = useRollWebhookSecret();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [rolling, setRolling] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);

  const columns: DataTableColumn<WebhookEndpoint>[] = [
    {
      key: 'url',
      header: t('webhooks.fields.url'),
      card: 'title',
      render: (e) => (
        <Stack gap={2}>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {e.url}
          </Text>
          {e.previous_secret_expires_at ? (
            <Text size="xs" c="dimmed">
              {t('webhooks.status.overlap', {
                until: formatDateTime(e.previous_secret_expires_at, i18n.language),
              })}
            </Text>
          ) : null}
          {e.disabled_reason ? (
            <Text size="xs" c="red">
              {e.disabled_reason}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('webhooks.fields.status'),
      card: 'aside',
      nowrap: true,
      render: (e) => (
        <CellBadge variant="filled" color={e.enabled ? 'teal.9' : 'red.9'} c="white">
          {t(e.enabled ? 'webhooks.status.enabled' : 'webhooks.status.disabled')}
        </CellBadge>
      ),
    },
    {
      key: 'events',
      header: t('webhooks.fields.events'),
      render: (e) => (
        <Text size="sm">{e.events.map((type) => t(`webhooks.events.${type}`)).join(', ')}</Text>
      ),
    },
    {
      key: 'tools',
      header: t('webhooks.fields.tools'),
      render: (e) => (
        <Group gap="xs" wrap="wrap">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconList size={16} aria-hidden />}
            onClick={() => setLogOf(e)}
          >
            {t('webhooks.actions.deliveries')}
          </Button>
          {e.enabled ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={ping.isPending && ping.variables === e.id}
              onClick={() =>
                ping.mutate(e.id, { onSuccess: () => notifySuccess(t('webhooks.pinged')) })
              }
            >
              {t('webhooks.actions.ping')}
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              loading={enable.isPending && enable.variables === e.id}
              onClick={() =>
                enable.mutate(e.id, { onSuccess: () => notifySuccess(t('webhooks.enabled')) })
              }
            >
              {t('webhooks.actions.enable')}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => {
              roll.reset();
              setRolling(e);
            }}
          >
            {t('webhooks.actions.roll')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.settingsWebhooks')}
        description={t('webhooks.description')}
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            {t('webhooks.add')}
          </Button>
        }
      />
      <DataTable
        caption={t('pages.settingsWebhooks')}
        columns={columns}
        rows={endpoints.data}
        getRowKey={(e) => e.id}
        getRowLabel={(e) => e.url}
        isLoading={endpoints.isPending}
        isFetching={endpoints.isFetching}
        isError={endpoints.isError}
        onRetry={() => void endpoints.refetch()}
        emptyMessage={t('webhooks.empty')}
        onEdit={setEditing}
        onDelete={(e) => deleteEndpoint.mutateAsync(e.id)}
        describeDeletion={(e) => t('webhooks.deleteDetails', { url: e.url })}
        minWidth={760}
      />
      <WebhookFormModal target={editing} onClose={() => setEditing(null)} onCreated={setSecret} />
      <WebhookSecretModal endpoint={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        opened={rolling !== null}
        onClose={() => setRolling(null)}
        title={t('webhooks.roll.title')}
        error={roll.isError ? getErrorMessage(roll.error) : undefined}
        confirmLabel={t('webhooks.roll.confirm')}
        confirmColor="orange"
        isPending={roll.isPending}
        onConfirm={() =>
          rolling &&
          roll.mutate(rolling.id, {
            onSuccess: (rolled) => {
              setRolling(null);
              setSecret(rolled);
            },
          })
        }
      >
        <Text size="sm">{t('webhooks.roll.warning')}</Text>
      </ConfirmDialog>
      <WebhookDeliveriesDrawer endpoint={logOf} onClose={() => setLogOf(null)} />
    </>
  );
};
