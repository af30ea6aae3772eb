import type { UseFormReturnType } from '@mantine/form';
import { isApiError } from './api-error';
import { getErrorMessage, notifyError } from './notify';

/** A save refused because a name, code, slug or SKU is taken goes on that field; others notify. */
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
