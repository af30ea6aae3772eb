import { isLanguage } from '@esd/shared/constants';
import { formatDateTime } from '@esd/shared/format/format';
import { invoiceKind } from '@esd/shared/invoices/invoices.rules';
import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import { Alert, Button, Group, Loader, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconBan,
  IconCash,
  IconCreditCardPay,
  IconFileInvoice,
  IconInfoCircle,
  IconMail,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '@/lib/notify';
import { useDownloadInvoice } from '../api/download-invoice';
import { isWaitingForKeys, useOrder } from '../api/get-order';
import { hasHeldKeys, KeysDownloadMenu } from './keys-download-menu';
import { OrderAmounts } from './order-amounts';
import { OrderStatusBadge, OrderTypeBadge } from './order-badges';
import type { OpenDialog, OrderDialog } from './order-dialog';
import { OrderDialogs } from './order-dialogs';
import { OrderDocuments } from './order-documents';
import { OrderHistory } from './order-history';
import { OrderItems } from './order-items';
import { OrderMoneyTrail } from './order-money-trail';

const Fact = ({ label, value }: { label: string; value: string | null }) =>
  value ? (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  ) : null;

/** "Proforma invoice" while a cash order waits for payment, "Invoice" once paid or on credit. */
const InvoiceButton = ({ order }: { order: OrderDetail }) => {
  const { t, i18n } = useTranslation();
  const download = useDownloadInvoice();
  const kind = invoiceKind({ status: order.status, sellType: order.sell_type });
  if (!kind) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconFileInvoice size={16} aria-hidden />}
      loading={download.isPending}
      aria-label={t(`orders.invoice.${kind}Label`, { id: order.id })}
      onClick={() =>
        download.mutate({
          orderId: order.id,
          lang: isLanguage(i18n.language) ? i18n.language : 'en',
        })
      }
    >
      {t(`orders.invoice.${kind}`)}
    </Button>
  );
};

/** The order-wide actions the server says this viewer may take now, and its invoice. */
const OrderActionsBar = ({ order, open }: { order: OrderDetail; open: OpenDialog }) => {
  const { t } = useTranslation();
  const { actions } = order;
  const hasKeys = hasHeldKeys(order);
  const hasInvoice = invoiceKind({ status: order.status, sellType: order.sell_type }) !== null;
  if (
    !hasInvoice &&
    !actions.confirm_payment &&
    !actions.settle_credit &&
    !actions.send_keys &&
    !actions.cancel &&
    !hasKeys
  ) {
    return null;
  }
  return (
    <Group gap="xs" role="group" aria-label={t('orders.actions.label')}>
      <InvoiceButton order={order} />
      {actions.confirm_payment ? (
        <Button
          leftSection={<IconCash size={16} aria-hidden />}
          onClick={() => open({ kind: 'confirmPayment' })}
        >
          {t('orders.actions.confirmPayment')}
        </Button>
      ) : null}
      {actions.settle_credit ? (
        <Button
          variant="light"
          leftSection={<IconCreditCardPay size={16} aria-hidden />}
          onClick={() => open({ kind: 'settleCredit' })}
        >
          {t('orders.actions.settleCredit')}
        </Button>
      ) : null}
      {actions.send_keys ? (
        <Button
          variant="light"
          leftSection={<IconMail size={16} aria-hidden />}
          onClick={() => open({ kind: 'sendKeys' })}
        >
          {t('orders.actions.sendKeys')}
        </Button>
      ) : null}
      {hasKeys ? <KeysDownloadMenu order={order} /> : null}
      {actions.cancel ? (
        <Button
          variant="light"
          color="red"
          leftSection={<IconBan size={16} aria-hidden />}
          onClick={() => open({ kind: 'cancel' })}
        >
          {t('orders.actions.cancel')}
        </Button>
      ) : null}
    </Group>
  );
};

const StatusNotice = ({ order }: { order: OrderDetail }) => {
  const { t } = useTranslation();
  if (isWaitingForKeys(order)) {
    return (
      <Alert color="blue" icon={<Loader size={16} aria-hidden />} role="status">
        {t('orders.detail.waiting')}
      </Alert>
    );
  }
  if (order.status === 'pending') {
    return (
      <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
        {t('orders.detail.pending')}
      </Alert>
    );
  }
  if (order.status === 'cancelled') {
    return <Alert color="gray">{t('orders.detail.cancelled')}</Alert>;
  }
  if (order.display_status === 'returned' || order.display_status === 'partly_returned') {
    return (
      <Alert color={order.display_status === 'returned' ? 'red' : 'orange'} role="status">
        {order.display_status === 'returned'
          ? t('orders.detail.returned', { count: order.quantity })
          : t('orders.detail.partlyReturned', {
              count: order.returned_quantity,
              total: order.quantity,
            })}
      </Alert>
    );
  }
  return null;
};

/** What other features add to an order's page (composed in app/): "Order again" for shoppers. */
export type RenderOrderExtras = (order: OrderDetail) => ReactNode;

/** One order: badges, facts, the fixed amounts, items with keys, history and actions. */
export const OrderDetailView = ({
  orderId,
  renderExtras,
}: {
  orderId: number;
  renderExtras?: RenderOrderExtras;
}) => {
  const { t, i18n } = useTranslation();
  const query = useOrder(orderId);
  const [dialog, setDialog] = useState<OrderDialog | null>(null);
  const order = query.data;

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy>
        <Skeleton h={40} radius="md" />
        <Skeleton h={120} radius="md" />
        <Skeleton h={200} radius="md" />
      </Stack>
    );
  }
  if (!order) {
    return (
      <Alert color="red" role="alert" title={t('orders.detail.loadError')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{getErrorMessage(query.error)}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const isCredit = order.sell_type === SELL_TYPE.credit;
  const paidOn = isCredit ? order.credit_settled_at : order.paid_at;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <OrderStatusBadge status={order.display_status} size="lg" />
        <OrderTypeBadge sellType={order.sell_type} size="lg" />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="xs">
        <Fact
          label={t('orders.detail.placedAt')}
          value={formatDateTime(order.created_at, i18n.language)}
        />
        {/* a credit order is not paid when placed: it is paid when its credit is settled */}
        <Fact
          label={t(isCredit ? 'orders.detail.settledAt' : 'orders.detail.paidAt')}
          value={paidOn ? formatDateTime(paidOn, i18n.language) : null}
        />
        <Fact
          label={t('orders.detail.completedAt')}
          value={order.completed_at ? formatDateTime(order.completed_at, i18n.language) : null}
        />
        <Fact
          label={t('orders.detail.buyer')}
          value={`${order.buyer.name} (${order.buyer.email})`}
        />
        {order.dealer.id !== order.buyer.id ? (
          <Fact label={t('orders.detail.dealer')} value={order.dealer.name} />
        ) : null}
      </SimpleGrid>
      <StatusNotice order={order} />
      <OrderActionsBar order={order} open={setDialog} />
      {renderExtras?.(order)}
      <OrderAmounts order={order} />
      <OrderDocuments orderId={order.id} />
      {/* a checkout's answer kept before the money trail (issue 29) is replayed without one */}
      {order.money_trail ? <OrderMoneyTrail order={order} /> : null}
      <OrderItems order={order} open={setDialog} />
      <OrderHistory order={order} />
      <OrderDialogs order={order} dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
};
