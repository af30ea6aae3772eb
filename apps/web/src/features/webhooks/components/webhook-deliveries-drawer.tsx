import { formatDateTime } from '@esd/shared/format/format';
import type { WebhookDelivery, WebhookEndpoint } from '@esd/shared/webhooks/webhooks.schemas';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageLinks } from '@/components/page-links';
import { SideDrawer } from '@/components/side-drawer';
import { notifySuccess } from '@/lib/notify';
import { DELIVERIES_PER_PAGE, useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/webhook-actions';

// filled, with text of at least 4.5:1 contrast (WCAG AA) on its background, as the orders' badges
const statusColor: Record<WebhookDelivery['status'], { color: string; c: string }> = {
  pending: { color: 'blue.8', c: 'white' },
  succeeded: { color: 'teal.9', c: 'white' },
  failed: { color: 'yellow.4', c: 'dark.9' },
  gave_up: { color: 'red.9', c: 'white' },
};

type WebhookDeliveriesDrawerProps = {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
};

/** An endpoint's deliveries, newest first, each with its answer and "Send again". */
export const WebhookDeliveriesDrawer = ({ endpoint, onClose }: WebhookDeliveriesDrawerProps) => {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint?.id ?? null, page);
  const resend = useResendWebhookDelivery();

  const columns: DataTableColumn<WebhookDelivery>[] = [
    {
      key: 'event',
      header: t('webhooks.deliveries.event'),
      card: 'title',
      render: (d) => t(`webhooks.events.${d.event_type}`),
    },
    {
      key: 'status',
      header: t('webhooks.deliveries.status'),
      card: 'aside',
      render: (d) => (
        <CellBadge variant="filled" {...statusColor[d.status]}>
          {t(`webhooks.deliveries.statuses.${d.status}`)}
        </CellBadge>
      ),
    },
    {
      key: 'time',
      header: t('webhooks.deliveries.time'),
      nowrap: true,
      render: (d) => formatDateTime(d.last_attempt_at ?? d.created_at, i18n.language),
    },
    {
      key: 'code',
      header: t('webhooks.deliveries.code'),
      align: 'right',
      render: (d) =>
        d.last_status_code ?? (
          <Text span size="sm" c="dimmed">
            {d.attempts > 0 ? t('webhooks.deliveries.noAnswer') : '—'}
          </Text>
        ),
    },
    {
      key: 'attempts',
      header: t('webhooks.deliveries.attempts'),
      align: 'right',
      render: (d) => d.attempts,
    },
    {
      key: 'resend',
      header: t('list.actions'),
      align: 'right',
      render: (d) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconSend size={16} aria-hidden />}
          disabled={!endpoint?.enabled || d.status === 'pending'}
          loading={resend.isPending && resend.variables?.deliveryId === d.id}
          onClick={() =>
            endpoint &&
            resend.mutate(
              { endpointId: endpoint.id, deliveryId: d.id },
              { onSuccess: () => notifySuccess(t('webhooks.resent')) },
            )
          }
        >
          {t('webhooks.actions.sendAgain')}
        </Button>
      ),
    },
  ];

  const total = deliveries.data?.total ?? 0;
  return (
    <SideDrawer
      opened={endpoint !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      title={t('webhooks.deliveries.title', { url: endpoint?.url ?? '' })}
      width={860}
    >
      <Stack gap="md">
        <DataTable
          caption={t('webhooks.actions.deliveries')}
          columns={columns}
          rows={deliveries.data?.items}
          getRowKey={(d) => d.id}
          getRowLabel={(d) => `${d.event_type} ${d.event_id}`}
          isLoading={deliveries.isPending}
          isFetching={deliveries.isFetching}
          isError={deliveries.isError}
          onRetry={() => void deliveries.refetch()}
          emptyMessage={t('webhooks.deliveries.empty')}
          minWidth={640}
        />
        {total > DELIVERIES_PER_PAGE ? (
          <Group justify="center">
            <PageLinks
              total={Math.ceil(total / DELIVERIES_PER_PAGE)}
              value={page}
              onChange={setPage}
            />
          </Group>
        ) : null}
      </Stack>
    </SideDrawer>
  );
};
