import { type ProductSettings, productInputSchema } from '@esd/shared/catalogue/settings.schemas';
import type { Language } from '@esd/shared/constants';
import { Box, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChosenImage } from '@/components/image-choice';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { showSaveError } from '@/lib/show-save-error';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { useUploadProductImage } from '../api/upload-product-image';
import { useContentLanguage } from './localized';
import { ProductDetailsSection } from './product-details-section';
import {
  emptyProductValues,
  type ProductFormValues,
  toProductFormValues,
  toProductInput,
} from './product-form-values';
import { ProductIdentitySection } from './product-identity-section';
import { ProductImageSection } from './product-image-section';
import { ProductPricesSection } from './product-prices-section';
import { languagesWithErrors, ProductTextsSection } from './product-texts-section';

type ProductFormProps = {
  /** null to add a product */
  product: ProductSettings | null;
  onClose: () => void;
  /** saved, but the image upload failed: the form stays open on the saved product */
  onSavedWithoutImage: (product: ProductSettings) => void;
};

export const ProductForm = ({ product, onClose, onSavedWithoutImage }: ProductFormProps) => {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language>(useContentLanguage());
  const [image, setImage] = useState<ChosenImage | null>(null);
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const uploadImage = useUploadProductImage();
  const form = useForm<ProductFormValues>({
    initialValues: product ? toProductFormValues(product) : emptyProductValues(),
    validate: (values) =>
      schemaErrors(productInputSchema, toProductInput(values), {
        sku: t('settings.products.form.skuFormat'),
        dealer_price: t('validation.money'),
        unit_price: t('validation.money'),
        royalty: t('validation.money'),
        bonus: t('validation.money'),
        'delivery_time.en': t('settings.products.form.englishRequired'),
        'licence_type.en': t('settings.products.form.englishRequired'),
        'operating_systems.en': t('settings.products.form.englishRequired'),
      }),
  });

  const save = async (values: ProductFormValues) => {
    const input = productInputSchema.parse(toProductInput(values));
    let saved: ProductSettings;
    try {
      saved = product
        ? await updateProduct.mutateAsync({ id: product.id, input })
        : await createProduct.mutateAsync(input);
    } catch (error) {
      showSaveError({
        error,
        form,
        conflictField: 'sku',
        conflictMessage: t('settings.products.form.skuTaken'),
      });
      return;
    }
    if (image) {
      try {
        await uploadImage.mutateAsync({ id: saved.id, file: image.file });
      } catch (error) {
        notifyError(t('settings.products.image.uploadFailed', { reason: getErrorMessage(error) }));
        onSavedWithoutImage(saved);
        return;
      }
    }
    notifySuccess(
      t(product ? 'settings.products.saved' : 'settings.products.created', { sku: saved.sku }),
    );
    onClose();
  };

  const submit = form.onSubmit(
    (values) => void save(values),
    (errors) => {
      // an error hidden in another language's tab: show that tab
      const invalid = languagesWithErrors(errors);
      if (invalid.length > 0 && !invalid.includes(language)) setLanguage(invalid[0]!);
    },
  );

  const isSaving = createProduct.isPending || updateProduct.isPending || uploadImage.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" pb="md">
        <ProductIdentitySection form={form} />
        <ProductTextsSection form={form} language={language} onLanguageChange={setLanguage} />
        <ProductPricesSection form={form} />
        <ProductDetailsSection form={form} />
        <ProductImageSection
          currentUrl={product?.image_url ?? null}
          chosen={image}
          onChange={setImage}
        />
      </Stack>
      <Box
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 2 }}
      >
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={isSaving}>
            {t('actions.save')}
          </Button>
        </Group>
      </Box>
    </form>
  );
};
