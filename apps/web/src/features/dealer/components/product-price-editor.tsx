import {
  type DealerProductPrice,
  dealerProductPriceInputSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { formatUsd } from '@esd/shared/format/format';
import { addPercent, compareMoney, isMoney } from '@esd/shared/shop/money';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useResetProductPrice } from '../api/reset-product-price';
import { useSetProductPrice } from '../api/set-product-price';

type Mode = 'price' | 'markup';
type EditorValues = { mode: Mode; value: string };

/** What the dealer's users would pay with this setting (exact, for the preview only). */
const previewUserPrice = (row: DealerProductPrice, values: EditorValues) => {
  if (!isMoney(values.value) || values.value.startsWith('-')) return null;
  return values.mode === 'price' ? values.value : addPercent(row.dealer_cost, values.value);
};

type ProductPriceEditorProps = { row: DealerProductPrice; onClose: () => void };

export const ProductPriceEditor = ({ row, onClose }: ProductPriceEditorProps) => {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const valueRef = useRef<HTMLInputElement>(null);
  // the editor opens under a row the user just chose: take them straight to the value
  useEffect(() => valueRef.current?.focus(), []);
  const setPrice = useSetProductPrice();
  const resetPrice = useResetProductPrice();
  const form = useForm<EditorValues>({
    initialValues: { mode: row.mode ?? 'price', value: row.value ?? '' },
    validate: (values) =>
      schemaErrors(dealerProductPriceInputSchema, values, { value: t('validation.money') }),
  });
  const preview = previewUserPrice(row, form.values);
  const isBelowCost = preview !== null && compareMoney(preview, row.dealer_cost) < 0;

  const submit = form.onSubmit((values) => {
    setPrice.mutate(
      { productId: row.product_id, input: dealerProductPriceInputSchema.parse(values) },
      {
        onSuccess: () => {
          notifySuccess(t('dealer.prices.saved', { sku: row.sku }));
          onClose();
        },
      },
    );
  });

  const reset = () =>
    resetPrice.mutate(row.product_id, {
      onSuccess: () => {
        notifySuccess(t('dealer.prices.resetDone', { sku: row.sku }));
        onClose();
      },
    });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('dealer.prices.editorLabel', { sku: row.sku })}
    >
      <Stack gap="sm" py={4}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id={labelId}>
              {t('dealer.prices.mode')}
            </Text>
            <SegmentedControl
              aria-labelledby={labelId}
              value={form.values.mode}
              onChange={(mode) => form.setFieldValue('mode', mode as Mode)}
              data={[
                { value: 'price', label: t('dealer.prices.modes.price') },
                { value: 'markup', label: t('dealer.prices.modes.markup') },
              ]}
            />
          </Stack>
          <DecimalInput
            label={
              form.values.mode === 'price'
                ? t('dealer.prices.priceValue')
                : t('dealer.prices.markupValue')
            }
            leftSection={form.values.mode === 'price' ? '$' : undefined}
            rightSection={form.values.mode === 'markup' ? '%' : undefined}
            required
            w={180}
            ref={valueRef}
            {...form.getInputProps('value')}
          />
          <Group gap="xs">
            <Button type="submit" loading={setPrice.isPending}>
              {t('actions.save')}
            </Button>
            {row.mode ? (
              <Button variant="default" loading={resetPrice.isPending} onClick={reset}>
                {t('dealer.prices.reset')}
              </Button>
            ) : null}
            <Button variant="subtle" color="dark" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
          </Group>
        </Group>
        {preview ? (
          <Text size="sm" c={isBelowCost ? 'orange.9' : undefined} role="status">
            {isBelowCost
              ? t('dealer.prices.previewBelowCost', { price: formatUsd(preview, i18n.language) })
              : t('dealer.prices.preview', { price: formatUsd(preview, i18n.language) })}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
};
