import { languages } from '@esd/shared/constants';
import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

type Texts = {
  title: { en: string; ru: string; az: string };
  description: { en: string; ru: string; az: string };
};

/** Title and description in English, Russian and Azerbaijani. */
export const LocalizedTextsFields = <T extends Texts>({ form }: { form: UseFormReturnType<T> }) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {languages.map((lang) => (
          <TextInput
            key={lang}
            label={t(`events.fields.titleIn.${lang}`)}
            required
            maxLength={200}
            lang={lang}
            {...form.getInputProps(`title.${lang}`)}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {languages.map((lang) => (
          <Textarea
            key={lang}
            label={t(`events.fields.descriptionIn.${lang}`)}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={5000}
            lang={lang}
            {...form.getInputProps(`description.${lang}`)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
};
