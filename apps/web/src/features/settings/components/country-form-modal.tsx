import {
  type Country,
  type CountryInput,
  countryInputSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordFormModal } from '@/components/record-form-modal';
import { schemaErrors } from '@/lib/schema-errors';
import { useCreateCountry } from '../api/create-country';
import { useUpdateCountry } from '../api/update-country';
import { LocalizedNameFields } from './localized-name-fields';

type CountryFormModalProps = {
  /** 'new' to add one, a country to edit it, null when closed */
  target: Country | 'new' | null;
  onClose: () => void;
};

const emptyCountry: CountryInput = { code: '', name: { en: '', ru: '', az: '' } };

export const CountryFormModal = ({ target, onClose }: CountryFormModalProps) => {
  const { t } = useTranslation();
  return (
    <RecordFormModal
      target={target}
      onClose={onClose}
      title={(editing) =>
        editing
          ? t('settings.countries.form.editTitle', { code: editing.code })
          : t('settings.countries.form.createTitle')
      }
      valuesOf={(editing): CountryInput =>
        editing ? { code: editing.code, name: { ...editing.name } } : emptyCountry
      }
      validate={(values) =>
        schemaErrors(countryInputSchema, values, { code: t('settings.countries.form.codeFormat') })
      }
      toInput={(values) => countryInputSchema.parse(values)}
      create={useCreateCountry()}
      update={useUpdateCountry()}
      savedMessage={(editing) =>
        t(editing ? 'settings.countries.saved' : 'settings.countries.created')
      }
      conflict={{ field: 'code', message: t('settings.countries.form.codeTaken') }}
    >
      {(form) => (
        <>
          <TextInput
            label={t('settings.countries.form.code')}
            description={t('settings.countries.form.codeHint')}
            required
            maxLength={2}
            w={{ base: '100%', xs: 260 }}
            autoComplete="off"
            {...form.getInputProps('code')}
            onChange={(event) =>
              form.setFieldValue('code', event.currentTarget.value.toUpperCase())
            }
          />
          <LocalizedNameFields form={form} />
        </>
      )}
    </RecordFormModal>
  );
};
