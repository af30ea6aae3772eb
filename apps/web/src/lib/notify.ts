import { notifications } from '@mantine/notifications';
import { isApiError } from './api-error';
import { i18n } from './i18n/i18n';

/** The text and number fields of a failed answer's data, which its translation may name. */
const errorValues = (data: unknown): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(typeof data === 'object' && data !== null ? data : {}).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );

/**
 * The server's own message, written in the language the request asked for (spec 8); for an
 * answer without one, `errors.<NAME>` of the error it named, else a generic failure. The
 * translation may name fields of the answer's data, e.g. `{{points_needed}}`; they go in as
 * `replace` values, so a field never acts as an i18next option such as `count`.
 */
export const getErrorMessage = (error: unknown): string => {
  if (isApiError(error)) {
    if (error.isNetworkError) return i18n.t('common.networkError');
    if (error.serverMessage) return error.serverMessage;
    if (error.errorName)
      return i18n.t(`errors.${error.errorName}`, { replace: errorValues(error.data) });
  }
  return i18n.t('errors.INTERNAL');
};

const closeButtonProps = () => ({ 'aria-label': i18n.t('actions.close') });

/** Spec 8: a danger notification titled 'Error' carrying the server's message. */
export const notifyError = (message: string, options: { autoClose?: number } = {}) =>
  notifications.show({
    color: 'red',
    title: i18n.t('common.errorTitle'),
    message,
    autoClose: options.autoClose ?? 6000,
    closeButtonProps: closeButtonProps(),
  });

export const notifyWarning = (options: { title: string; message: string; autoClose?: number }) =>
  notifications.show({ color: 'yellow', closeButtonProps: closeButtonProps(), ...options });

export const notifySuccess = (message: string) =>
  notifications.show({
    color: 'teal',
    title: i18n.t('common.successTitle'),
    message,
    closeButtonProps: closeButtonProps(),
  });
