import { languages } from '@esd/shared/constants';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

type NamedValues = { name: { en: string; ru: string; az: string } };

/** The three names of a country or category, side by side on wide screens. */
export const LocalizedNameFields = <T extends NamedValues>({
  form,
}: {
  form: UseFormReturnType<T>;
}) => {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {languages.map((lang) => (
        <TextInput
          key={lang}
          label={t(`settings.common.nameIn.${lang}`)}
          required
          maxLength={200}
          lang={lang}
          {...form.getInputProps(`name.${lang}`)}
        />
      ))}
    </SimpleGrid>
  );
};
