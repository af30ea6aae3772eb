import { isApiError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { getErrorMessage, notifyError } from '@/lib/notify';

/** A refused decision: explained for the cases the review knows, else the server's message. */
export const notifyReviewError = (error: unknown) => {
  if (isApiError(error) && error.errorName === 'INVALID_STATE') {
    notifyError(i18n.t('partners.review.decided'));
    return;
  }
  if (isApiError(error) && error.errorName === 'CONFLICT') {
    notifyError(i18n.t('partners.review.emailTaken'));
    return;
  }
  notifyError(getErrorMessage(error));
};
