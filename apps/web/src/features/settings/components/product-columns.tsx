import type { Category } from '@esd/shared/catalogue/catalogue.schemas';
import type { ProductSettings } from '@esd/shared/catalogue/settings.schemas';
import { formatUsd } from '@esd/shared/format/format';
import { Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';
import type { DataTableColumn } from '@/components/data-table';
import { useContentLanguage } from './localized';

const Thumb = ({ url }: { url: string | null }) =>
  url ? (
    <Image src={url} alt="" w={40} h={40} miw={40} fit="contain" radius="sm" bg="gray.0" />
  ) : (
    <ThemeIcon size={40} radius="sm" variant="light" color="gray" aria-hidden>
      <IconPackage size={20} stroke={1.5} />
    </ThemeIcon>
  );

/**
 * The product catalogue's columns. Image, category and the active badge sit in the product
 * cell, so the prices stay in view without scrolling on a laptop.
 */
export const useProductColumns = (
  categories: Category[] | undefined,
): DataTableColumn<ProductSettings>[] => {
  const { t, i18n } = useTranslation();
  const lang = useContentLanguage();
  const categoryName = (product: ProductSettings) =>
    categories?.find((c) => c.id === product.category_id)?.name ?? product.category;
  return [
    {
      key: 'title',
      header: t('settings.products.table.product'),
      sortKey: 'title',
      render: (p) => (
        <Group gap="sm" wrap="nowrap" miw={260}>
          <Thumb url={p.image_url} />
          <Stack gap={2}>
            <Text size="sm" fw={600} lineClamp={2}>
              {p.title[lang]}
            </Text>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {categoryName(p)}
              </Text>
              <CellBadge size="xs" variant="dot" color={p.is_active ? 'teal' : 'gray'}>
                {p.is_active
                  ? t('settings.products.table.active')
                  : t('settings.products.table.inactive')}
              </CellBadge>
            </Group>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'sku',
      header: t('settings.products.fields.sku'),
      sortKey: 'sku',
      nowrap: true,
      render: (p) => (
        <Text size="xs" ff="monospace">
          {p.sku}
        </Text>
      ),
    },
    {
      key: 'provider',
      header: t('settings.products.fields.provider'),
      nowrap: true,
      render: (p) => t(`settings.products.provider.${p.provider_id}`),
    },
    {
      key: 'dealer_price',
      header: t('settings.products.fields.dealer_price'),
      sortKey: 'dealer_price',
      align: 'right',
      nowrap: true,
      render: (p) => formatUsd(p.dealer_price, i18n.language),
    },
    {
      key: 'unit_price',
      header: t('settings.products.fields.unit_price'),
      sortKey: 'unit_price',
      align: 'right',
      nowrap: true,
      render: (p) => formatUsd(p.unit_price, i18n.language),
    },
  ];
};
