import { isApiError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n/i18n';
import { getErrorMessage, notifyError, notifySuccess, notifyWarning } from '@/lib/notify';

/** A refused decision: explained for the cases the review knows, else the server's message. */
const notifyReviewError = (error: unknown) => {
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

type ReviewOutcome = {
  /** what a decision mailed to the applicant says */
  done: string;
  /** what it says when the decision stands but its mail could not be sent */
  mailFailed: string;
  onClose: () => void;
};

/**
 * The callbacks of an approval or a rejection: success (or a warning when the applicant's mail
 * failed) or the refusal explained, and the dialog closes either way.
 */
export const reviewOutcome = ({ done, mailFailed, onClose }: ReviewOutcome) => ({
  onSuccess: (result: { mail_sent: boolean }) => {
    if (result.mail_sent) notifySuccess(done);
    else notifyWarning({ title: i18n.t('common.successTitle'), message: mailFailed });
    onClose();
  },
  onError: (error: unknown) => {
    notifyReviewError(error);
    onClose();
  },
});
