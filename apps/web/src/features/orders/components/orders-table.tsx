import { formatAzn, formatDate, formatTime, formatUsd } from '@esd/shared/format/format';
import type { OrderSummary } from '@esd/shared/orders/orders.schemas';
import { Anchor, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import type { ListControls } from '@/components/use-list-query';
import { OrderStatusBadge, OrderTypeBadge } from './order-badges';

type OrdersTableProps = {
  rows: OrderSummary[] | undefined;
  total: number;
  list: ListControls;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  onRetry: () => void;
  showBuyer: boolean;
  isFiltered: boolean;
  /** the link that opens an order's detail, keeping the filters */
  hrefOf: (id: number) => string;
};

/** A compact keys state: a spinner and the waiting count, or a check when all are out. */
const KeysCell = ({ order }: { order: OrderSummary }) => {
  const { t } = useTranslation();
  // a returned order holds no keys: its keys were revoked
  if (['cancelled', 'pending', 'returned'].includes(order.display_status)) {
    return (
      <Text size="sm" c="dimmed" aria-hidden>
        —
      </Text>
    );
  }
  const waiting = order.waiting_items > 0;
  const label = waiting
    ? t('orders.list.waiting', { count: order.waiting_items })
    : t('orders.list.allDelivered');
  return (
    <Tooltip label={label} withArrow>
      {/* one image with the words as its name; no visually hidden text, whose absolute position
          would widen the page past a table that scrolls sideways */}
      <Group
        gap={4}
        wrap="nowrap"
        c={waiting ? 'dark.7' : 'teal.9'}
        role="img"
        aria-label={label}
        w="fit-content"
      >
        {waiting ? (
          <Loader size={14} color="yellow.8" aria-hidden />
        ) : (
          <IconCircleCheck size={18} aria-hidden />
        )}
        {waiting ? (
          <Text size="sm" fw={600} aria-hidden>
            {order.waiting_items}
          </Text>
        ) : null}
      </Group>
    </Tooltip>
  );
};

const DateCell = ({ iso, lang }: { iso: string; lang: string }) => {
  const date = formatDate(iso, lang);
  const time = formatTime(iso);
  return (
    <Stack gap={0}>
      <Text size="sm">{date}</Text>
      <Text size="xs" c="dimmed">
        {time}
      </Text>
    </Stack>
  );
};

/** The orders list: a link per order (its drawer), badges for status and type, both totals. */
export const OrdersTable = (props: OrdersTableProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const columns: DataTableColumn<OrderSummary>[] = [
    {
      key: 'id',
      header: t('orders.list.id'),
      nowrap: true,
      render: (order) => (
        <Anchor
          component={Link}
          to={props.hrefOf(order.id)}
          fw={600}
          aria-label={t('orders.list.open', { id: order.id })}
        >
          #{order.id}
        </Anchor>
      ),
    },
    {
      key: 'date',
      header: t('orders.list.date'),
      nowrap: true,
      render: (order) => <DateCell iso={order.created_at} lang={lang} />,
    },
    ...(props.showBuyer
      ? [
          {
            key: 'buyer',
            header: t('orders.list.buyer'),
            render: (order: OrderSummary) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {order.buyer.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {order.dealer.id === order.buyer.id ? order.buyer.email : order.dealer.name}
                </Text>
              </Stack>
            ),
          },
        ]
      : []),
    {
      key: 'status',
      header: t('orders.list.status'),
      card: 'aside',
      render: (order) => <OrderStatusBadge status={order.display_status} />,
    },
    {
      key: 'type',
      header: t('orders.list.type'),
      render: (order) => <OrderTypeBadge sellType={order.sell_type} />,
    },
    {
      key: 'items',
      header: t('orders.list.items'),
      align: 'right',
      render: (order) => order.quantity,
    },
    {
      key: 'usd',
      header: t('orders.list.totalUsd'),
      align: 'right',
      nowrap: true,
      card: 'aside',
      render: (order) => formatUsd(order.total_usd, lang),
    },
    {
      key: 'azn',
      header: t('orders.list.totalAzn'),
      align: 'right',
      nowrap: true,
      render: (order) => formatAzn(order.total_azn, lang),
    },
    {
      key: 'keys',
      header: t('orders.list.keys'),
      nowrap: true,
      render: (order) => <KeysCell order={order} />,
    },
  ];

  return (
    <DataTable
      caption={t('orders.list.caption')}
      columns={columns}
      rows={props.rows}
      total={props.total}
      list={props.list}
      getRowKey={(order) => order.id}
      getRowLabel={(order) => `#${order.id}`}
      isLoading={props.isLoading}
      isFetching={props.isFetching}
      isError={props.isError}
      onRetry={props.onRetry}
      emptyMessage={props.isFiltered ? t('orders.list.noMatches') : t('orders.list.empty')}
      minWidth={props.showBuyer ? 860 : 720}
    />
  );
};
