import type { ProductDetail } from '@esd/shared/catalogue/catalogue.schemas';
import { formatUsd } from '@esd/shared/format/format';
import { DataList, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 3's label hints for a product: SKU, licence type, systems, delivery, counts... */
export const ProductDetailsList = ({ product }: { product: ProductDetail }) => {
  const { t, i18n } = useTranslation();
  const orNotSet = (value: string | number | null): ReactNode =>
    value === null || value === '' ? (
      <Text span c="dimmed" size="sm">
        {t('products.fields.notSet')}
      </Text>
    ) : (
      value
    );

  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'sku', label: t('products.fields.sku'), value: product.sku },
    { key: 'category', label: t('products.fields.category'), value: product.category },
    {
      key: 'licence',
      label: t('products.fields.licenceType'),
      value: orNotSet(product.licence_type),
    },
    {
      key: 'os',
      label: t('products.fields.operatingSystems'),
      value: orNotSet(product.operating_systems),
    },
    {
      key: 'delivery',
      label: t('products.fields.deliveryTime'),
      value: orNotSet(product.delivery_time),
    },
    { key: 'users', label: t('products.fields.usersCount'), value: orNotSet(product.users_count) },
    {
      key: 'devices',
      label: t('products.fields.devicesCount'),
      value: orNotSet(product.devices_count),
    },
    {
      key: 'returnable',
      label: t('products.fields.returnable'),
      value: product.is_returnable ? t('products.fields.yes') : t('products.fields.no'),
    },
  ];
  // admins only: the server sends these two to them alone
  if (product.dealer_price !== null) {
    rows.push({
      key: 'dealerPrice',
      label: t('products.fields.dealerPrice'),
      value: formatUsd(product.dealer_price, i18n.language),
    });
  }
  if (product.unit_price !== null) {
    rows.push({
      key: 'unitPrice',
      label: t('products.fields.unitPrice'),
      value: formatUsd(product.unit_price, i18n.language),
    });
  }

  return (
    <DataList withDivider labelWidth={170} size="sm">
      {rows.map((row) => (
        <DataList.Item key={row.key}>
          <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
          <DataList.ItemValue>{row.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
};
