import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * PasswordInput whose reveal toggle is not itself called "password", so the field keeps a
 * single accessible match for its label.
 */
export const PasswordField = (props: PasswordInputProps) => {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('actions.toggleVisibility') }}
      {...props}
    />
  );
};
