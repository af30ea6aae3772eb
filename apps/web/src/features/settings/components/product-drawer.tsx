import type { ProductSettings } from '@esd/shared/catalogue/settings.schemas';
import { useTranslation } from 'react-i18next';
import { SideDrawer } from '@/components/side-drawer';
import { ProductForm } from './product-form';

type ProductDrawerProps = {
  /** 'new' to add a product, a product to edit it, null when closed */
  target: ProductSettings | 'new' | null;
  onTargetChange: (target: ProductSettings | null) => void;
};

/** The product form in a large side drawer; full screen on phones. */
export const ProductDrawer = ({ target, onTargetChange }: ProductDrawerProps) => {
  const { t } = useTranslation();
  const product = target !== null && target !== 'new' ? target : null;
  const close = () => onTargetChange(null);
  return (
    <SideDrawer
      opened={target !== null}
      onClose={close}
      width={760}
      title={
        product
          ? t('settings.products.form.editTitle', { sku: product.sku })
          : t('settings.products.form.createTitle')
      }
      titleStyle={{ fw: 700, fz: 'h3' }}
    >
      {target !== null ? (
        <ProductForm
          key={product?.id ?? 'new'}
          product={product}
          onClose={close}
          onSavedWithoutImage={onTargetChange}
        />
      ) : null}
    </SideDrawer>
  );
};
