import type { BasketItem } from '@esd/shared/catalogue/basket.schemas';
import { formatAzn, formatUsd } from '@esd/shared/format/format';
import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Paper,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAddToBasket } from '../api/add-to-basket';
import { useRemoveFromBasket } from '../api/remove-from-basket';
import { sellTypeKey, toSellType } from './sell-type';

type BasketLineProps = { line: BasketItem; onNavigate: () => void };

/** One basket line: − / + take or add one (spec 5: − does nothing at 1), the bin removes it. */
export const BasketLine = ({ line, onNavigate }: BasketLineProps) => {
  const { t, i18n } = useTranslation();
  const add = useAddToBasket();
  const remove = useRemoveFromBasket();
  const title = line.FullTitle;
  const isBusy = add.isPending || remove.isPending;
  const isAtMinimum = line.quantity <= 1;
  const kind = sellTypeKey(line.sell_type);

  return (
    <Paper component="li" p="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={paths.product.getHref({ id: line.product_id })}
            onClick={onNavigate}
            fw={600}
            size="sm"
            c="inherit"
          >
            {title}
          </Anchor>
          <Group gap={6}>
            <Badge size="sm" variant="filled" color={kind === 'credit' ? 'grape.9' : 'teal.9'}>
              {t(`basket.sellType.${kind}`)}
            </Badge>
            {/* an Adobe line shows the SKU it was quoted for (its level), not the base one */}
            <Text size="xs" c="dimmed" ff="monospace">
              {line.adobe?.sku ?? line.sku}
            </Text>
          </Group>
          {line.adobe ? (
            <Text size="xs" c="dimmed">
              {t('basket.line.adobeCustomer', { name: line.adobe.company_name })} ·{' '}
              {t(
                line.adobe.three_year_commitment
                  ? 'basket.line.adobeCommitment'
                  : 'basket.line.adobeNoCommitment',
              )}
            </Text>
          ) : null}
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('basket.line.removeLine', { title })}
          loading={remove.isPending && remove.variables?.count === line.quantity}
          disabled={isBusy}
          onClick={() => remove.mutate({ lineId: line.id, count: line.quantity })}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Group justify="space-between" align="flex-end" mt="xs" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('basket.line.unitPrice', { price: formatUsd(line.Amount, i18n.language) })}
          </Text>
          {line.adobe ? (
            <Text size="sm" fw={600}>
              × {line.quantity}
            </Text>
          ) : (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="default"
                size="md"
                aria-label={t('basket.line.removeOne', { title })}
                data-disabled={isAtMinimum || undefined}
                aria-disabled={isAtMinimum || undefined}
                disabled={isBusy}
                onClick={() => {
                  if (!isAtMinimum) remove.mutate({ lineId: line.id, count: 1 });
                }}
              >
                <IconMinus size={14} aria-hidden />
              </ActionIcon>
              <Text size="sm" fw={600} miw={32} ta="center">
                <VisuallyHidden>{t('fields.quantity')}: </VisuallyHidden>
                {line.quantity}
              </Text>
              <ActionIcon
                variant="default"
                size="md"
                aria-label={t('basket.line.addOne', { title })}
                disabled={isBusy}
                onClick={() =>
                  add.mutate({
                    productId: line.product_id,
                    quantity: 1,
                    sellType: toSellType(line.sell_type),
                  })
                }
              >
                <IconPlus size={14} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={700} ta="right">
            <VisuallyHidden>{t('basket.line.totalUsd')}: </VisuallyHidden>
            {formatUsd(line.total_usd, i18n.language)}
          </Text>
          <Text size="xs" c="dimmed" ta="right">
            <VisuallyHidden>{t('basket.line.totalAzn')}: </VisuallyHidden>
            {formatAzn(line.total_azn, i18n.language)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
};
