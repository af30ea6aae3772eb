import { type Language, languages } from '@esd/shared/constants';
import { Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { languageNames } from '@/lib/i18n/i18n';
import { FormSection } from './form-section';
import { LanguageTabMark, ProductAttributesFields } from './product-attributes-fields';
import { type ProductFormValues, translatedFields } from './product-form-values';

type ProductTextsSectionProps = {
  form: UseFormReturnType<ProductFormValues>;
  language: Language;
  onLanguageChange: (language: Language) => void;
};

/** The languages whose texts have an error, so their tabs can say so. */
export const languagesWithErrors = (errors: Record<string, unknown>) =>
  languages.filter((lang) =>
    translatedFields.some((field) => errors[`${field}.${lang}`] !== undefined),
  );

export const ProductTextsSection = ({
  form,
  language,
  onLanguageChange,
}: ProductTextsSectionProps) => {
  const { t } = useTranslation();
  const invalid = languagesWithErrors(form.errors);
  return (
    <FormSection title={t('settings.products.form.texts')}>
      <Text size="sm" c="dimmed">
        {t('settings.products.form.textsHint')}
      </Text>
      <Tabs
        value={language}
        onChange={(value) => {
          if (value) onLanguageChange(value as Language);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {languages.map((lang) => (
            <Tabs.Tab
              key={lang}
              value={lang}
              color={invalid.includes(lang) ? 'red' : undefined}
              rightSection={
                invalid.includes(lang) ? (
                  <IconAlertCircle
                    size={16}
                    color="var(--mantine-color-red-7)"
                    aria-label={t('settings.products.form.tabHasErrors')}
                  />
                ) : (
                  <LanguageTabMark values={form.values} lang={lang} />
                )
              }
            >
              {languageNames[lang]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {languages.map((lang) => (
          <Tabs.Panel key={lang} value={lang} pt="sm" lang={lang}>
            <Stack gap="sm">
              <TextInput
                label={t('settings.products.fields.title')}
                required
                maxLength={200}
                {...form.getInputProps(`title.${lang}`)}
              />
              <Textarea
                label={t('settings.products.fields.description')}
                autosize
                minRows={3}
                maxRows={10}
                {...form.getInputProps(`description.${lang}`)}
              />
              <Textarea
                label={t('settings.products.fields.requirements')}
                autosize
                minRows={2}
                maxRows={8}
                {...form.getInputProps(`requirements.${lang}`)}
              />
              <Textarea
                label={t('settings.products.fields.installation')}
                autosize
                minRows={2}
                maxRows={8}
                {...form.getInputProps(`installation.${lang}`)}
              />
              <ProductAttributesFields form={form} lang={lang} />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </FormSection>
  );
};
