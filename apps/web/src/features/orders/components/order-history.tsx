import { formatDateTime } from '@esd/shared/format/format';
import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { Paper, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { historyTitle } from './history-words';

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
          const title = historyTitle(t, entry);
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
