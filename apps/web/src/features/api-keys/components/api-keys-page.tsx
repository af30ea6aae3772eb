import type { ApiKey, ApiKeyStatus } from '@esd/shared/api-keys/api-keys.schemas';
import { formatDate, formatDateTime } from '@esd/shared/format/format';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconBan, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { getErrorMessage, notifySuccess } from '@/lib/notify';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { CreateApiKeyModal } from './create-api-key-modal';
import { scopeWordKey } from './scope-words';

const statusColor: Record<ApiKeyStatus, string> = {
  active: 'teal.9', // white on green.9 is under 4.5:1 (axe), teal.9 as on the webhooks page
  expired: 'gray.7',
  revoked: 'red.9',
};

/** Settings → API keys: the dealer's keys, a new one (shown once), and revoking one. */
export const ApiKeysPage = () => {
  const { t, i18n } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const columns: DataTableColumn<ApiKey>[] = [
    { key: 'name', header: t('api-keys.fields.name'), card: 'title', render: (key) => key.name },
    {
      key: 'prefix',
      header: t('api-keys.fields.prefix'),
      nowrap: true,
      render: (key) => (
        <Text component="span" ff="monospace" size="sm">
          {`${key.prefix}_…`}
        </Text>
      ),
    },
    {
      key: 'scopes',
      header: t('api-keys.fields.scopes'),
      render: (key) => (
        <Group gap={4}>
          {key.scopes.map((scope) => (
            <CellBadge key={scope} variant="outline" size="sm" color="blue.9">
              {t(`api-keys.scopes.${scopeWordKey[scope]}.label`)}
            </CellBadge>
          ))}
        </Group>
      ),
    },
    {
      key: 'created',
      header: t('api-keys.fields.created'),
      nowrap: true,
      render: (key) => formatDate(key.created_at, i18n.language),
    },
    {
      key: 'expires',
      header: t('api-keys.fields.expires'),
      nowrap: true,
      render: (key) => formatDate(key.expires_at, i18n.language),
    },
    {
      key: 'lastUse',
      header: t('api-keys.fields.lastUse'),
      render: (key) =>
        key.last_used_at ? (
          <Stack gap={0}>
            <Text size="sm">{formatDateTime(key.last_used_at, i18n.language)}</Text>
            <Text size="xs" c="dimmed">
              {key.last_used_ip}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('api-keys.never')}
          </Text>
        ),
    },
    {
      key: 'status',
      header: t('api-keys.fields.status'),
      card: 'aside',
      nowrap: true,
      render: (key) => (
        <CellBadge
          color={statusColor[key.status]}
          styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
        >
          {t(`api-keys.status.${key.status}`)}
        </CellBadge>
      ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      nowrap: true,
      render: (key) =>
        key.status === 'active' ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconBan size={14} aria-hidden />}
            aria-label={t('api-keys.revoke.actionNamed', { name: key.name })}
            onClick={() => {
              revoke.reset();
              setRevoking(key);
            }}
          >
            {t('api-keys.revoke.action')}
          </Button>
        ) : null,
    },
  ];

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifySuccess(t('api-keys.revoke.done', { name: revoking.name }));
        setRevoking(null);
      },
    });
  };

  return (
    <>
      <PageHeader
        title={t('pages.settingsApiKeys')}
        description={t('api-keys.description')}
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {t('api-keys.create')}
          </Button>
        }
      />
      <DataTable
        caption={t('pages.settingsApiKeys')}
        columns={columns}
        rows={keys.data}
        getRowKey={(key) => key.id}
        getRowLabel={(key) => key.name}
        isLoading={keys.isPending}
        isFetching={keys.isFetching}
        isError={keys.isError}
        onRetry={() => void keys.refetch()}
        emptyMessage={t('api-keys.empty')}
        minWidth={900}
      />
      <CreateApiKeyModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('api-keys.revoke.title')}
        error={revoke.isError ? getErrorMessage(revoke.error) : undefined}
        confirmLabel={t('api-keys.revoke.confirm')}
        confirmColor="red"
        confirmIcon={<IconBan size={16} aria-hidden />}
        isPending={revoke.isPending}
        onConfirm={confirmRevoke}
      >
        <div>
          <Text fw={600}>{revoking?.name}</Text>
          <Text size="sm" ff="monospace" c="dimmed">
            {revoking ? `${revoking.prefix}_…` : null}
          </Text>
        </div>
        <Text size="sm">{t('api-keys.revoke.warning')}</Text>
      </ConfirmDialog>
    </>
  );
};
