import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { formatAzn, formatUsd } from '@esd/shared/format/format';
import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
  const hasAzn = azn.some(({ value }) => value !== null);

  return (
    <Stack gap={4}>
      <Group gap={6} align="baseline" wrap="nowrap">
        <Text fz={size === 'lg' ? 28 : 'xl'} fw={700} lh={1.2}>
          {formatUsd(product.Amount, lang)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('products.price.exclVat')}
        </Text>
      </Group>
      {hasAzn ? (
        // a grid keeps the AZN amounts aligned whatever the length of "cash" and "credit"
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: 'auto auto 1fr',
            columnGap: 8,
            rowGap: 2,
            alignItems: 'baseline',
          }}
        >
          {azn.map(({ key, value }) =>
            value === null ? null : (
              <Box key={key} style={{ display: 'contents' }}>
                <Text size="sm" c="dimmed">
                  {t(`products.price.${key}`)}
                </Text>
                <Text size="sm" fw={600} ta="right">
                  {formatAzn(value, lang)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('products.price.inclVat')}
                </Text>
              </Box>
            ),
          )}
        </Box>
      ) : null}
    </Stack>
  );
};
