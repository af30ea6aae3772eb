import {
  type Country,
  type CountryInput,
  countryInputSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useCreateCountry } from '../api/create-country';
import { useUpdateCountry } from '../api/update-country';
import { showSaveError } from './localized';
import { LocalizedNameFields } from './localized-name-fields';

type CountryFormModalProps = {
  /** 'new' to add one, a country to edit it, null when closed */
  target: Country | 'new' | null;
  onClose: () => void;
};

const emptyCountry: CountryInput = { code: '', name: { en: '', ru: '', az: '' } };

export const CountryFormModal = ({ target, onClose }: CountryFormModalProps) => {
  const { t } = useTranslation();
  const createCountry = useCreateCountry();
  const updateCountry = useUpdateCountry();
  const editing = target !== null && target !== 'new' ? target : null;
  const form = useForm<CountryInput>({
    initialValues: emptyCountry,
    validate: (values) =>
      schemaErrors(countryInputSchema, values, { code: t('settings.countries.form.codeFormat') }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form restarts for each opening
  useEffect(() => {
    if (target === null) return;
    const values = editing ? { code: editing.code, name: { ...editing.name } } : emptyCountry;
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  }, [target]);

  const submit = form.onSubmit((values) => {
    const input = countryInputSchema.parse(values);
    const options = {
      onSuccess: () => {
        notifySuccess(t(editing ? 'settings.countries.saved' : 'settings.countries.created'));
        onClose();
      },
      onError: (error: unknown) =>
        showSaveError({
          error,
          form,
          conflictField: 'code',
          conflictMessage: t('settings.countries.form.codeTaken'),
        }),
    };
    if (editing) updateCountry.mutate({ id: editing.id, input }, options);
    else createCountry.mutate(input, options);
  });

  return (
    <FormModal
      opened={target !== null}
      onClose={onClose}
      title={
        editing
          ? t('settings.countries.form.editTitle', { code: editing.code })
          : t('settings.countries.form.createTitle')
      }
      onSubmit={submit}
      saving={createCountry.isPending || updateCountry.isPending}
    >
      <TextInput
        label={t('settings.countries.form.code')}
        description={t('settings.countries.form.codeHint')}
        required
        maxLength={2}
        w={{ base: '100%', xs: 260 }}
        autoComplete="off"
        {...form.getInputProps('code')}
        onChange={(event) => form.setFieldValue('code', event.currentTarget.value.toUpperCase())}
      />
      <LocalizedNameFields form={form} />
    </FormModal>
  );
};
