import { Button, FileButton, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhoto, IconPhotoOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from '../api/upload-product-image';
import { FormSection } from './form-section';

// A data: URL rather than blob:, which a strict Content-Security-Policy img-src may refuse.
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export type ChosenImage = { file: File; preview: string };

type ProductImageSectionProps = {
  currentUrl: string | null;
  chosen: ChosenImage | null;
  onChange: (image: ChosenImage | null) => void;
};

/** Picks the product image; it is uploaded once the product is saved. */
export const ProductImageSection = ({ currentUrl, chosen, onChange }: ProductImageSectionProps) => {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    setError(null);
    if (!file) return;
    if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setError(t('settings.products.image.wrongType'));
      return;
    }
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) {
      setError(t('settings.products.image.tooLarge'));
      return;
    }
    onChange({ file, preview: await readAsDataUrl(file) });
  };

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
        <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
          <Group gap="xs">
            <FileButton
              onChange={(file) => void choose(file)}
              accept={PRODUCT_IMAGE_TYPES.join(',')}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconPhoto size={18} aria-hidden />}
                >
                  {shown
                    ? t('settings.products.image.replace')
                    : t('settings.products.image.choose')}
                </Button>
              )}
            </FileButton>
            {chosen ? (
              <Button
                variant="subtle"
                color="dark"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => onChange(null)}
              >
                {t('settings.products.image.discard')}
              </Button>
            ) : null}
          </Group>
          {chosen ? (
            <Text size="sm" lineClamp={1}>
              {t('settings.products.image.pending', { name: chosen.file.name })}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('settings.products.image.hint')}
          </Text>
          {error ? (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </FormSection>
  );
};
