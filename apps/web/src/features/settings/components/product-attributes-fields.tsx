import {
  type AttributeField,
  attributeFields,
  missingTranslations,
} from '@esd/shared/catalogue/catalogue.rules';
import type { Language } from '@esd/shared/constants';
import { Badge, Divider, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProductFormValues } from './product-form-values';

const maxLength: Record<AttributeField, number> = {
  delivery_time: 200,
  licence_type: 200,
  operating_systems: 500,
};

/** The attributes whose `lang` value is missing, so readers of `lang` see the English one. */
const missingAttributes = (values: ProductFormValues, lang: Language) =>
  attributeFields.filter((field) => missingTranslations(values[field]).includes(lang));

/** A language tab's mark: how many attributes it still lacks (nothing when none). */
export const LanguageTabMark = ({
  values,
  lang,
}: {
  values: ProductFormValues;
  lang: Language;
}) => {
  const { t } = useTranslation();
  const count = missingAttributes(values, lang).length;
  if (count === 0) return null;
  const label = t('settings.products.form.tabMissing', { count });
  return (
    <Badge
      size="sm"
      circle
      color="orange.8"
      aria-label={label}
      title={label}
      data-testid={`missing-${lang}`}
    >
      {count}
    </Badge>
  );
};

/**
 * A language tab's attribute fields. English is required once any language has a value; an
 * empty Russian or Azerbaijani field is marked, saying which English words its readers see.
 */
export const ProductAttributesFields = ({
  form,
  lang,
}: {
  form: UseFormReturnType<ProductFormValues>;
  lang: Language;
}) => {
  const { t } = useTranslation();
  const missing = missingAttributes(form.values, lang);
  return (
    <>
      <Divider
        mt="xs"
        label={t('settings.products.form.attributes')}
        labelPosition="left"
        fw={600}
      />
      <Text size="sm" c="dimmed">
        {t('settings.products.form.attributesHint')}
      </Text>
      {attributeFields.map((field) => {
        const isMissing = missing.includes(field);
        return (
          <TextInput
            key={field}
            label={t(`settings.products.fields.${field}`)}
            maxLength={maxLength[field]}
            description={
              isMissing ? (
                <Text span size="xs" c="orange.9" fw={500}>
                  {t('settings.products.form.notTranslated', { value: form.values[field].en })}
                </Text>
              ) : undefined
            }
            leftSection={
              isMissing ? <IconLanguage size={16} color="var(--mantine-color-orange-8)" /> : null
            }
            data-missing={isMissing || undefined}
            {...form.getInputProps(`${field}.${lang}`)}
          />
        );
      })}
    </>
  );
};
