import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLateDeliveries } from '../api/get-late-deliveries';

const SHOWN = 5;

/** Admins: items paid more than 3 minutes ago whose keys have not all gone out. */
export const LateDeliveriesAlert = ({ hrefOf }: { hrefOf: (id: number) => string }) => {
  const { t } = useTranslation();
  const late = useLateDeliveries({ enabled: true });
  const items = late.data ?? [];
  if (items.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      mb="md"
      title={t('orders.late.title')}
      icon={<IconClockExclamation size={20} aria-hidden />}
    >
      <Text size="sm" mb="xs">
        {t('orders.late.description')}
      </Text>
      <List size="sm" spacing={4}>
        {items.slice(0, SHOWN).map((item) => (
          <List.Item key={item.item_id}>
            <Anchor component={Link} to={hrefOf(item.order_id)} fw={600} size="sm">
              {t('orders.late.order', { id: item.order_id })}
            </Anchor>
            {': '}
            {t('orders.late.item', {
              title: item.FullTitle,
              sku: item.sku,
              delivered: item.delivered,
              quantity: item.quantity,
            })}
          </List.Item>
        ))}
      </List>
      {items.length > SHOWN ? (
        <Text size="sm" mt={4}>
          {t('orders.late.more', { count: items.length - SHOWN })}
        </Text>
      ) : null}
    </Alert>
  );
};
