import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';

type NewPasswordFieldsProps<T extends { confirm: string }> = {
  form: UseFormReturnType<T>;
  /** the form's field holding the new password */
  field: keyof T & string;
  /** the password rules, under the new password */
  hint: string;
};

/** A new password and its confirmation, both offered the browser's password generator. */
export const NewPasswordFields = <T extends { confirm: string }>({
  form,
  field,
  hint,
}: NewPasswordFieldsProps<T>) => {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('fields.newPassword')}
        description={hint}
        autoComplete="new-password"
        required
        key={form.key(field)}
        {...form.getInputProps(field)}
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
        key={form.key('confirm')}
        {...form.getInputProps('confirm')}
      />
    </>
  );
};
