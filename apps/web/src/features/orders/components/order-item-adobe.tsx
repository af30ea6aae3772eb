import type { OrderItem } from '@esd/shared/orders/orders.schemas';
import { Badge, Box, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type AdobeInfo = NonNullable<OrderItem['adobe']>;

// VIP Marketplace order status codes: 1000 done, 1002 pending, 1004 failed
const statuses = {
  '1000': { key: 'done', color: 'green.9' },
  '1002': { key: 'pending', color: 'yellow.4' },
  '1004': { key: 'failed', color: 'red.9' },
} as const;

const isKnownStatus = (status: string): status is keyof typeof statuses =>
  Object.hasOwn(statuses, status);

/** What Adobe answered for an Adobe item: the customer, commitment, order and subscription. */
export const OrderItemAdobe = ({ adobe }: { adobe: AdobeInfo }) => {
  const { t } = useTranslation();
  const status = adobe.status && isKnownStatus(adobe.status) ? statuses[adobe.status] : null;
  const rows = [
    { label: t('orders.items.adobe.customer'), value: adobe.company_name },
    {
      label: t('orders.items.adobe.commitment'),
      value: t(
        adobe.three_year_commitment ? 'orders.items.adobe.threeYears' : 'orders.items.adobe.none',
      ),
    },
    { label: t('orders.items.adobe.orderId'), value: adobe.order_id, mono: true },
    { label: t('orders.items.adobe.subscriptionId'), value: adobe.subscription_id, mono: true },
  ];
  return (
    <Box
      mt="sm"
      p="xs"
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      aria-label={t('orders.items.adobe.label')}
      role="group"
    >
      <Group gap="xs" mb={6}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {t('orders.items.adobe.title')}
        </Text>
        <Badge
          size="sm"
          color={status?.color ?? 'gray.7'}
          c={status?.key === 'pending' ? 'dark.9' : undefined}
        >
          {status
            ? t(`orders.items.adobe.status.${status.key}`)
            : (adobe.status ?? t('orders.items.adobe.status.notSent'))}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
        {rows.map((row) => (
          <Box key={row.label} style={{ minWidth: 0 }}>
            <Text component="dt" size="xs" c="dimmed">
              {row.label}
            </Text>
            <Text
              component="dd"
              size="sm"
              m={0}
              ff={row.mono ? 'monospace' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {row.value ?? '—'}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      {adobe.error ? (
        <Text size="sm" c="red.9" mt={6}>
          {t('orders.items.adobe.error', { error: adobe.error })}
        </Text>
      ) : null}
    </Box>
  );
};
