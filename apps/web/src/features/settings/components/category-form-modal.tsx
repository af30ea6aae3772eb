import {
  type CategoryInput,
  type CategorySettings,
  categoryInputSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { showSaveError } from './localized';
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

export const CategoryFormModal = ({ target, onClose }: CategoryFormModalProps) => {
  const { t } = useTranslation();
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const editing = target !== null && target !== 'new' ? target : null;
  const isSlugTyped = useRef(false);
  const form = useForm<CategoryInput>({
    initialValues: emptyCategory,
    validate: (values) =>
      schemaErrors(categoryInputSchema, values, { slug: t('settings.categories.form.slugFormat') }),
    onValuesChange: (values, previous) => {
      if (editing || isSlugTyped.current || values.name.en === previous.name.en) return;
      form.setFieldValue('slug', slugify(values.name.en));
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form restarts for each opening
  useEffect(() => {
    if (target === null) return;
    const values = editing ? { slug: editing.slug, name: { ...editing.name } } : emptyCategory;
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    isSlugTyped.current = false;
  }, [target]);

  const submit = form.onSubmit((values) => {
    const input = categoryInputSchema.parse(values);
    const options = {
      onSuccess: () => {
        notifySuccess(t(editing ? 'settings.categories.saved' : 'settings.categories.created'));
        onClose();
      },
      onError: (error: unknown) =>
        showSaveError({
          error,
          form,
          conflictField: 'slug',
          conflictMessage: t('settings.categories.form.slugTaken'),
        }),
    };
    if (editing) updateCategory.mutate({ id: editing.id, input }, options);
    else createCategory.mutate(input, options);
  });

  return (
    <FormModal
      opened={target !== null}
      onClose={onClose}
      title={
        editing
          ? t('settings.categories.form.editTitle', { slug: editing.slug })
          : t('settings.categories.form.createTitle')
      }
      onSubmit={submit}
      saving={createCategory.isPending || updateCategory.isPending}
    >
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
    </FormModal>
  );
};
