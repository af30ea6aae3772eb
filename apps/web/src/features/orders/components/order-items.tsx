import { PROVIDER } from '@esd/shared/catalogue/catalogue.constants';
import { formatAzn, formatDateTime, formatNumber, formatUsd } from '@esd/shared/format/format';
import type { OrderDetail, OrderItem } from '@esd/shared/orders/orders.schemas';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconKey, IconReceiptRefund, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ItemStatusBadge } from './order-badges';
import { canAskReturn, type OpenDialog } from './order-dialog';
import { OrderItemAdobe } from './order-item-adobe';
import { OrderKeyRow } from './order-key-row';

type ItemProps = { order: OrderDetail; item: OrderItem; open: OpenDialog };

const ReturnRequest = ({ order, item, open }: ItemProps) => {
  const { t, i18n } = useTranslation();
  const request = item.return_request;
  if (!request) return null;
  const isOpen = request.status === 'requested';
  return (
    <Stack gap={4} mt="xs">
      <Group gap="xs">
        <Badge size="sm" color={isOpen ? 'yellow.4' : 'gray.7'} c={isOpen ? 'dark.9' : 'white'}>
          {t(`orders.returnStatus.${request.status}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(request.requested_at, i18n.language)}
        </Text>
      </Group>
      <Text size="sm">{t('orders.items.reason', { reason: request.reason })}</Text>
      {request.note ? (
        <Text size="sm">{t('orders.items.note', { note: request.note })}</Text>
      ) : null}
      {isOpen && order.actions.decide_returns ? (
        <Group gap="xs">
          <Button
            size="xs"
            color="green"
            leftSection={<IconCheck size={14} aria-hidden />}
            onClick={() =>
              open({ kind: 'decideReturn', item, returnId: request.id, approve: true })
            }
          >
            {t('orders.actions.approveReturn')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() =>
              open({ kind: 'decideReturn', item, returnId: request.id, approve: false })
            }
          >
            {t('orders.actions.rejectReturn')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
};

const Item = ({ order, item, open }: ItemProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const canDeliver =
    order.actions.deliver_manually &&
    item.provider_id === PROVIDER.other &&
    item.status === 'waiting';
  const canWithdraw =
    order.actions.withdraw_refused &&
    item.provider_id === PROVIDER.adobe &&
    item.status === 'waiting' &&
    Boolean(item.adobe?.error);
  const canReturn = order.actions.request_return && canAskReturn(item);
  const keysLabelId = `order-item-keys-${item.id}`;
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600}>{item.FullTitle}</Text>
          <Group gap="xs">
            {/* an Adobe item shows the SKU Adobe quoted (its level), not the base one */}
            <Text size="xs" c="dimmed" ff="monospace">
              {item.adobe?.sku ?? item.sku}
            </Text>
            <ItemStatusBadge status={item.status} />
          </Group>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={700} style={tabular}>
            {item.quantity} × {formatUsd(item.unit_usd, lang)}
          </Text>
          <Text size="xs" c="dimmed" style={tabular}>
            {formatUsd(item.total_usd, lang)} · {formatAzn(item.total_azn, lang)}
          </Text>
        </Stack>
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        {/* Adobe items have no keys: their block below shows Adobe's order and status */}
        {item.adobe
          ? ''
          : t('orders.items.delivered', {
              delivered: formatNumber(item.delivered, i18n.language),
              quantity: formatNumber(item.quantity, i18n.language),
              count: item.quantity,
            })}
        {item.returnable_until && canReturn
          ? ` · ${t('orders.items.returnableUntil', { date: formatDateTime(item.returnable_until, i18n.language) })}`
          : ''}
      </Text>
      {item.adobe ? <OrderItemAdobe adobe={item.adobe} /> : null}
      {item.keys.length > 0 ? (
        <>
          <Text id={keysLabelId} size="xs" fw={600} mt="sm" c="dimmed" tt="uppercase">
            {t('orders.items.keys', { title: item.FullTitle })}
          </Text>
          <ul aria-labelledby={keysLabelId} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {item.keys.map((licence) => (
              <OrderKeyRow
                key={licence.id}
                licence={licence}
                canActivate={order.actions.activate_keys}
                onActivate={() => open({ kind: 'activate', item, licence })}
              />
            ))}
          </ul>
        </>
      ) : null}
      <ReturnRequest order={order} item={item} open={open} />
      {canDeliver || canReturn || canWithdraw ? (
        <Group gap="xs" mt="sm">
          {canDeliver ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconKey size={14} aria-hidden />}
              onClick={() => open({ kind: 'deliver', item })}
            >
              {t('orders.actions.deliver')}
            </Button>
          ) : null}
          {canWithdraw ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconReceiptRefund size={14} aria-hidden />}
              onClick={() => open({ kind: 'withdraw', item })}
            >
              {t('orders.actions.withdraw')}
            </Button>
          ) : null}
          {canReturn ? (
            <Button
              size="xs"
              variant="light"
              color="orange"
              leftSection={<IconArrowBackUp size={14} aria-hidden />}
              onClick={() => open({ kind: 'requestReturn', item })}
            >
              {t('orders.actions.requestReturn')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Paper>
  );
};

/** The order's items with their keys and the actions each item allows. */
export const OrderItems = ({ order, open }: { order: OrderDetail; open: OpenDialog }) => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="order-items">
      <Title order={3} fz="md" id="order-items" mb="sm">
        {t('orders.items.title')}
      </Title>
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {order.items.map((item) => (
          <Item key={item.id} order={order} item={item} open={open} />
        ))}
      </Stack>
    </section>
  );
};

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
