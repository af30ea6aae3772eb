import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAzn, formatUsd } from '@/lib/format-money';

type ProductPriceProps = {
  product: Pick<ProductListItem, 'Amount' | 'cash' | 'credit'>;
  size?: 'md' | 'lg';
};

/**
 * Spec 1 and 9: the USD price excluding VAT; AZN cash and credit amounts including VAT for
 * users who pay in manats (the server sends them only to those users).
 */
export const ProductPrice = ({ product, size = 'md' }: ProductPriceProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const azn = [
    { key: 'cash', value: product.cash },
    { key: 'credit', value: product.credit },
  ] as const;

  return (
    <Stack gap={2}>
      <Group gap={6} align="baseline" wrap="nowrap">
        <Text fz={size === 'lg' ? 28 : 'xl'} fw={700} lh={1.2}>
          {formatUsd(product.Amount, lang)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('products.price.exclVat')}
        </Text>
      </Group>
      {azn.map(({ key, value }) =>
        value === null ? null : (
          <Group key={key} gap={6} align="baseline" wrap="nowrap">
            <Text size="sm" c="dimmed" miw={size === 'lg' ? 72 : 56}>
              {t(`products.price.${key}`)}
            </Text>
            <Text size="sm" fw={600}>
              {formatAzn(value, lang)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('products.price.inclVat')}
            </Text>
          </Group>
        ),
      )}
    </Stack>
  );
};
