import {
  type CategoryInput,
  type CategorySettings,
  categoryInputSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormModal } from '@/components/record-form-modal';
import { schemaErrors } from '@/lib/schema-errors';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { LocalizedNameFields } from './localized-name-fields';

type CategoryFormModalProps = {
  /** 'new' to add one, a category to edit it, null when closed */
  target: CategorySettings | 'new' | null;
  onClose: () => void;
};

const emptyCategory: CategoryInput = { slug: '', name: { en: '', ru: '', az: '' } };

/** "Design & Creativity" → "design-creativity": a suggestion while the slug is untouched. */
const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

/** The names and the slug; a new category's slug follows its English name until typed in. */
const CategoryFields = ({
  form,
  isNew,
}: {
  form: UseFormReturnType<CategoryInput>;
  isNew: boolean;
}) => {
  const { t } = useTranslation();
  const isSlugTyped = useRef(false);
  form.watch('name.en', ({ previousValue, value }) => {
    if (!isNew || isSlugTyped.current || value === previousValue) return;
    form.setFieldValue('slug', slugify(value));
  });
  return (
    <>
      <LocalizedNameFields form={form} />
      <TextInput
        label={t('settings.categories.form.slug')}
        description={t('settings.categories.form.slugHint')}
        required
        maxLength={80}
        autoComplete="off"
        {...form.getInputProps('slug')}
        onChange={(event) => {
          isSlugTyped.current = true;
          form.setFieldValue('slug', event.currentTarget.value);
        }}
      />
    </>
  );
};

export const CategoryFormModal = ({ target, onClose }: CategoryFormModalProps) => {
  const { t } = useTranslation();
  return (
    <RecordFormModal
      target={target}
      onClose={onClose}
      title={(editing) =>
        editing
          ? t('settings.categories.form.editTitle', { slug: editing.slug })
          : t('settings.categories.form.createTitle')
      }
      valuesOf={(editing): CategoryInput =>
        editing ? { slug: editing.slug, name: { ...editing.name } } : emptyCategory
      }
      validate={(values) =>
        schemaErrors(categoryInputSchema, values, {
          slug: t('settings.categories.form.slugFormat'),
        })
      }
      toInput={(values) => categoryInputSchema.parse(values)}
      create={useCreateCategory()}
      update={useUpdateCategory()}
      savedMessage={(editing) =>
        t(editing ? 'settings.categories.saved' : 'settings.categories.created')
      }
      conflict={{ field: 'slug', message: t('settings.categories.form.slugTaken') }}
    >
      {(form, editing) => <CategoryFields form={form} isNew={editing === null} />}
    </RecordFormModal>
  );
};
