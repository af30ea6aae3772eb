import { type UserProfile, updateProfileInputSchema } from '@esd/shared/auth/auth.schemas';
import { isLanguage, type Language, languages } from '@esd/shared/constants';
import { Paper, Select, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SaveForm } from '@/components/stored-settings-form';
import { matchesSchema } from '@/lib/form-validation';
import { changeUiLanguage, languageNames } from '@/lib/i18n/i18n';
import { notifySuccess } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';

export const ProfileInfoForm = ({ user }: { user: UserProfile }) => {
  const { t } = useTranslation();
  const updateProfile = useUpdateProfile();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: user.name, lang: user.lang as Language },
    validate: {
      name: matchesSchema(
        updateProfileInputSchema.shape.name,
        t('validation.nameLength', { max: 120 }),
      ),
    },
  });

  const submit = form.onSubmit((values) => {
    const input = updateProfileInputSchema.parse(values);
    updateProfile.mutate(input, {
      onSuccess: (saved) => {
        form.resetDirty({ name: saved.name, lang: saved.lang });
        notifySuccess(t('profile.info.saved'));
        void changeUiLanguage(saved.lang);
      },
    });
  });

  return (
    <Paper p="lg" radius="lg" component="section" aria-labelledby="profile-info-heading">
      <Title order={2} size="h4" mb="md" id="profile-info-heading">
        {t('profile.info.heading')}
      </Title>
      <SaveForm onSubmit={submit} saving={updateProfile.isPending}>
        <TextInput
          label={t('fields.name')}
          autoComplete="name"
          required
          maxLength={120}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Select
          label={t('profile.info.language')}
          data={languages.map((lang) => ({ value: lang, label: languageNames[lang] }))}
          allowDeselect={false}
          key={form.key('lang')}
          {...form.getInputProps('lang')}
          onChange={(value) => {
            if (isLanguage(value)) form.setFieldValue('lang', value);
          }}
        />
      </SaveForm>
    </Paper>
  );
};
