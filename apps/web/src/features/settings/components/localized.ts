import { isLanguage, type Language } from '@esd/shared/constants';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifyError } from '@/lib/notify';

/** The interface language, as a key of the `{ en, ru, az }` texts of settings records. */
export const useContentLanguage = (): Language => {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
};

/** A save refused because the code, slug or SKU is taken goes on that field; others notify. */
export const showSaveError = <T>(options: {
  error: unknown;
  form: UseFormReturnType<T>;
  conflictField: string;
  conflictMessage: string;
}) => {
  const { error, form, conflictField, conflictMessage } = options;
  if (isApiError(error) && error.errorName === 'CONFLICT') {
    form.setFieldError(conflictField, conflictMessage);
    return;
  }
  notifyError(getErrorMessage(error));
};
