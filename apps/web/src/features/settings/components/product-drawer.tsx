import type { ProductSettings } from '@esd/shared/catalogue/settings.schemas';
import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ProductForm } from './product-form';

type ProductDrawerProps = {
  /** 'new' to add a product, a product to edit it, null when closed */
  target: ProductSettings | 'new' | null;
  onTargetChange: (target: ProductSettings | null) => void;
};

/** The product form in a large side drawer; full screen on phones. */
export const ProductDrawer = ({ target, onTargetChange }: ProductDrawerProps) => {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)');
  const product = target !== null && target !== 'new' ? target : null;
  const close = () => onTargetChange(null);
  return (
    <Drawer
      opened={target !== null}
      onClose={close}
      position="right"
      size={isPhone ? '100%' : 760}
      title={
        product
          ? t('settings.products.form.editTitle', { sku: product.sku })
          : t('settings.products.form.createTitle')
      }
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-h3-font-size)' } }}
    >
      {target !== null ? (
        <ProductForm
          key={product?.id ?? 'new'}
          product={product}
          onClose={close}
          onSavedWithoutImage={onTargetChange}
        />
      ) : null}
    </Drawer>
  );
};
