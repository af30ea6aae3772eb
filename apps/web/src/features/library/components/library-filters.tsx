import { type Language, languages } from '@esd/shared/constants';
import { type LibraryCategory, libraryCategories } from '@esd/shared/content/library.schemas';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type LibraryFilterValues = { category: LibraryCategory | null; lang: Language | null };

/** Category and document language selects, beside a list's search box. */
export const LibraryFilters = ({
  value,
  onChange,
}: {
  value: LibraryFilterValues;
  onChange: (next: LibraryFilterValues) => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('library.fields.category')}
        placeholder={t('library.filters.allCategories')}
        data={libraryCategories.map((c) => ({ value: c, label: t(`library.category.${c}`) }))}
        value={value.category}
        onChange={(category) =>
          onChange({ ...value, category: category as LibraryCategory | null })
        }
        clearable
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        label={t('library.fields.lang')}
        placeholder={t('library.filters.allLanguages')}
        data={languages.map((l) => ({ value: l, label: t(`library.lang.${l}`) }))}
        value={value.lang}
        onChange={(lang) => onChange({ ...value, lang: lang as Language | null })}
        clearable
        w={{ base: '100%', xs: 180 }}
      />
    </>
  );
};
