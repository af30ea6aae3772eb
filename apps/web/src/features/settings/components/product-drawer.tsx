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
    <Drawer.Root
      opened={target !== null}
      onClose={close}
      position="right"
      size={isPhone ? '100%' : 760}
    >
      <Drawer.Overlay />
      <Drawer.Content>
        {/* a div: inside the dialog a <header> would count as a second page banner */}
        <Drawer.Header component="div">
          <Drawer.Title fw={700} fz="h3">
            {product
              ? t('settings.products.form.editTitle', { sku: product.sku })
              : t('settings.products.form.createTitle')}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t('actions.close')} />
        </Drawer.Header>
        <Drawer.Body>
          {target !== null ? (
            <ProductForm
              key={product?.id ?? 'new'}
              product={product}
              onClose={close}
              onSavedWithoutImage={onTargetChange}
            />
          ) : null}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
};
