import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { Paper, Text, Timeline, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

/** A status of the order or of an item, in words (unknown names shown as they came). */
const statusLabel = (t: TFunction, name: string, isItem: boolean) => {
  const key = isItem ? `orders.itemStatus.${name}` : `orders.status.${name}`;
  return t(key as 'orders.status.pending', { defaultValue: name });
};

/** Who changed what, when, from which status to which, with the note. */
export const OrderHistory = ({ order }: { order: OrderDetail }) => {
  const { t, i18n } = useTranslation();
  const titleOf = (itemId: number | null) =>
    order.items.find((item) => item.id === itemId)?.FullTitle;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-history">
      <Title order={3} fz="md" id="order-history" mb="md">
        {t('orders.history.title')}
      </Title>
      <Timeline active={order.history.length - 1} bulletSize={14} lineWidth={2}>
        {order.history.map((entry, index) => {
          const isItem = entry.item_id !== null;
          const to = statusLabel(t, entry.to, isItem);
          const title = entry.from
            ? t('orders.history.changed', { from: statusLabel(t, entry.from, isItem), to })
            : t('orders.history.created', { to });
          const itemTitle = titleOf(entry.item_id);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id and never reorder
            <Timeline.Item key={index} title={title}>
              {itemTitle ? (
                <Text size="xs">{t('orders.history.item', { title: itemTitle })}</Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.at, i18n.language)} · {entry.by ?? t('orders.history.system')}
              </Text>
              {entry.note ? (
                <Text size="sm" mt={2}>
                  {entry.note}
                </Text>
              ) : null}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Paper>
  );
};
