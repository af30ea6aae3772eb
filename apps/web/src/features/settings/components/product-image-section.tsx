import { useTranslation } from 'react-i18next';
import { type ChosenImage, ImageChoice } from '@/components/image-choice';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '../api/upload-product-image';
import { FormSection } from './form-section';

type ProductImageSectionProps = {
  currentUrl: string | null;
  chosen: ChosenImage | null;
  onChange: (image: ChosenImage | null) => void;
};

/** Picks the product image; it is uploaded once the product is saved. */
export const ProductImageSection = ({ currentUrl, chosen, onChange }: ProductImageSectionProps) => {
  const { t } = useTranslation();
  return (
    <FormSection title={t('settings.products.image.heading')}>
      <ImageChoice
        currentUrl={currentUrl}
        chosen={chosen}
        onChange={onChange}
        types={PRODUCT_IMAGE_TYPES}
        maxBytes={PRODUCT_IMAGE_MAX_BYTES}
        texts="settings.products.image"
        frame={{ h: 120, fit: 'contain', bg: 'gray.0', iconSize: 40 }}
      />
    </FormSection>
  );
};
