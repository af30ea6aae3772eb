import { formatAzn, formatDateTime, formatUsd } from '@esd/shared/format/format';
import type { MoneyMovementEntry, OrderDetail } from '@esd/shared/orders/orders.schemas';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@/components/data-table';
import { moneyKindKey, owedState, unsigned } from './money-trail-words';
import { amountColumn, OrderTableSection, whenColumn } from './order-table-section';

type TrailOrder = Pick<OrderDetail, 'items' | 'money_owed' | 'money_trail'>;

/**
 * "Payments and refunds": every movement of the order's money (issue 29), with its amounts,
 * when and by whom, and what the order still owes by it. Whoever sees the order sees it.
 */
export const OrderMoneyTrail = ({ order }: { order: TrailOrder }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const titleOf = (itemId: number | null) =>
    order.items.find((item) => item.id === itemId)?.FullTitle;
  const columns: DataTableColumn<MoneyMovementEntry>[] = [
    {
      key: 'kind',
      header: t('orders.money.kind'),
      card: 'title',
      // what moved, and for which item or why, in one cell: the drawer holds the table unscrolled
      render: (entry) => {
        const item = titleOf(entry.item_id);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {t(moneyKindKey(entry.kind))}
            </Text>
            {item ? (
              <Text size="xs" c="dimmed">
                {t('orders.history.item', { title: item })}
              </Text>
            ) : null}
            {entry.note ? (
              <Text size="xs" c="dimmed">
                {entry.note}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
    amountColumn(
      'azn',
      t('orders.money.azn'),
      (entry) => formatAzn(entry.amount_azn, lang),
      'aside',
    ),
    amountColumn('usd', t('orders.money.usd'), (entry) => formatUsd(entry.amount_usd, lang)),
    whenColumn('at', t('orders.money.at'), (entry) => formatDateTime(entry.at, lang)),
    {
      key: 'by',
      header: t('orders.money.by'),
      render: (entry) => entry.actor?.name ?? t('orders.history.system'),
    },
  ];
  const owed = order.money_owed;
  const state = owedState(owed);
  return (
    <OrderTableSection
      id="order-money"
      title={t('orders.money.title')}
      columns={columns}
      rows={order.money_trail}
      getRowKey={(entry) => entry.id}
      getRowLabel={(entry) => t(moneyKindKey(entry.kind))}
      isLoading={false}
      isError={false}
      emptyMessage={t('orders.money.empty')}
    >
      <Text
        mt="sm"
        size="sm"
        fw={600}
        c={state === 'owedBack' ? 'red.8' : state === 'settled' ? 'teal.9' : undefined}
        role="status"
      >
        {state === 'settled'
          ? t('orders.money.settled')
          : t(`orders.money.${state}`, {
              usd: formatUsd(unsigned(owed.usd), lang),
              azn: formatAzn(unsigned(owed.azn), lang),
            })}
      </Text>
    </OrderTableSection>
  );
};
