import { formatUsd } from '@esd/shared/format/format';
import type { ReorderResult } from '@esd/shared/orders/orders.schemas';
import type { SellType } from '@esd/shared/shop/pricing.rules';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconRepeat, IconShoppingCart } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DialogModal } from '@/components/dialog-modal';
import { paths } from '@/config/paths';
import { getErrorMessage, notifyError } from '@/lib/notify';
import { useReorderOrder } from '../api/reorder-order';

type ReorderAdobeLine = ReorderResult['adobe'][number];

type ReorderButtonProps = {
  orderId: number;
  /** after the basket changed on the server (the caller refreshes it) */
  onReordered?: (result: ReorderResult) => void;
  /** the price request of an Adobe line, for the same customer and quantity (composed in app/) */
  renderAdobeLine?: (line: ReorderAdobeLine, sellType: SellType) => ReactNode;
};

/** What "Order again" did: lines added at today's prices, lines left out and why, Adobe to price. */
const ReorderSummary = ({
  result,
  renderAdobeLine,
  onClose,
}: {
  result: ReorderResult;
  renderAdobeLine: ReorderButtonProps['renderAdobeLine'];
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Stack gap="md">
      {result.added.length > 0 ? (
        <Stack gap={4}>
          <Text fw={600}>{t('orders.reorder.added')}</Text>
          <List size="sm" spacing={2}>
            {result.added.map((line) => (
              <List.Item key={line.product_id}>
                {t('orders.reorder.addedLine', {
                  title: line.FullTitle,
                  sku: line.sku,
                  quantity: line.quantity,
                  price: formatUsd(line.unit_usd, lang),
                })}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : (
        <Text>{t('orders.reorder.nothingAdded')}</Text>
      )}
      {result.skipped.length > 0 ? (
        <Alert color="yellow" title={t('orders.reorder.skipped')}>
          <List size="sm" spacing={2}>
            {result.skipped.map((line) => (
              <List.Item key={line.product_id}>
                {t('orders.reorder.skippedLine', {
                  title: line.FullTitle,
                  sku: line.sku,
                  quantity: line.quantity,
                  reason: t(`orders.reorder.reasons.${line.reason}`),
                })}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {result.adobe.length > 0 ? (
        <Stack gap="xs">
          <Text fw={600}>{t('orders.reorder.adobe')}</Text>
          {result.adobe.map((line) => (
            <Group key={line.product_id} justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" style={{ flex: '1 1 200px' }}>
                {t('orders.reorder.adobeLine', {
                  title: line.FullTitle,
                  sku: line.sku,
                  quantity: line.quantity,
                })}
              </Text>
              {renderAdobeLine?.(line, result.sell_type)}
            </Group>
          ))}
        </Stack>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('actions.close')}
        </Button>
        {result.added.length > 0 ? (
          <Button
            component={Link}
            to={paths.checkout.getHref()}
            state={{ sellType: result.sell_type }}
            leftSection={<IconShoppingCart size={16} aria-hidden />}
          >
            {t('orders.reorder.checkout')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
};

/** "Order again": the order's lines into the basket at today's prices, then what happened. */
export const ReorderButton = ({ orderId, onReordered, renderAdobeLine }: ReorderButtonProps) => {
  const { t } = useTranslation();
  const reorder = useReorderOrder(onReordered);
  const [isOpen, setOpen] = useState(false);
  return (
    <Group gap="xs">
      <Button
        variant="light"
        leftSection={<IconRepeat size={16} aria-hidden />}
        loading={reorder.isPending}
        onClick={() =>
          reorder.mutate(orderId, {
            onSuccess: () => setOpen(true),
            onError: (error) => notifyError(getErrorMessage(error)),
          })
        }
      >
        {t('orders.reorder.button')}
      </Button>
      <DialogModal
        opened={isOpen && reorder.data !== undefined}
        onClose={() => setOpen(false)}
        title={t('orders.reorder.title', { id: orderId })}
        size="lg"
      >
        {reorder.data ? (
          <ReorderSummary
            result={reorder.data}
            renderAdobeLine={renderAdobeLine}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </DialogModal>
    </Group>
  );
};
