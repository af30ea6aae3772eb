import { Button, Group, Image, ThemeIcon } from '@mantine/core';
import { IconPhotoOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '@/components/image-picker';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '../api/upload-product-image';
import { FormSection } from './form-section';

export type ChosenImage = { file: File; preview: string };

type ProductImageSectionProps = {
  currentUrl: string | null;
  chosen: ChosenImage | null;
  onChange: (image: ChosenImage | null) => void;
};

/** Picks the product image; it is uploaded once the product is saved. */
export const ProductImageSection = ({ currentUrl, chosen, onChange }: ProductImageSectionProps) => {
  const { t } = useTranslation();
  const shown = chosen?.preview ?? currentUrl;
  return (
    <FormSection title={t('settings.products.image.heading')}>
      <Group gap="lg" align="flex-start">
        {shown ? (
          <Image
            src={shown}
            alt={
              chosen ? t('settings.products.image.preview') : t('settings.products.image.current')
            }
            w={120}
            h={120}
            fit="contain"
            radius="md"
            bg="gray.0"
          />
        ) : (
          <ThemeIcon size={120} radius="md" variant="light" color="gray" aria-hidden>
            <IconPhotoOff size={40} stroke={1.4} />
          </ThemeIcon>
        )}
        <ImagePicker
          types={PRODUCT_IMAGE_TYPES}
          maxBytes={PRODUCT_IMAGE_MAX_BYTES}
          wrongTypeMessage={t('settings.products.image.wrongType')}
          tooLargeMessage={t('settings.products.image.tooLarge')}
          chooseLabel={
            shown ? t('settings.products.image.replace') : t('settings.products.image.choose')
          }
          hint={t('settings.products.image.hint')}
          onPick={(file, preview) => onChange({ file, preview })}
          actions={
            chosen ? (
              <Button
                variant="subtle"
                color="dark"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => onChange(null)}
              >
                {t('settings.products.image.discard')}
              </Button>
            ) : null
          }
          fileLabel={
            chosen ? t('settings.products.image.pending', { name: chosen.file.name }) : null
          }
        />
      </Group>
    </FormSection>
  );
};
