import {
  type PartnerApplication,
  REJECT_REASON_MAX,
  rejectPartnerInputSchema,
} from '@esd/shared/partners/partners.schemas';
import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import { ModalForm } from '@/components/form-modal';
import { OpenedContent } from '@/components/opened-content';
import { ReasonField } from '@/components/reason-field';
import { schemaErrors } from '@/lib/schema-errors';
import { useRejectPartnerApplication } from '../api/review-partner-application';
import { reviewOutcome } from './review-outcome';

type RejectPartnerModalProps = { application: PartnerApplication | null; onClose: () => void };

type RejectFormProps = { application: PartnerApplication; onClose: () => void };

const RejectForm = ({ application, onClose }: RejectFormProps) => {
  const { t } = useTranslation();
  const reject = useRejectPartnerApplication();
  const form = useForm({
    initialValues: { reason: '' },
    validate: (values) => schemaErrors(rejectPartnerInputSchema, values),
  });

  const submit = form.onSubmit((values) => {
    reject.mutate(
      { id: application.id, input: rejectPartnerInputSchema.parse(values) },
      reviewOutcome({
        done: t('partners.review.reject.done', { company: application.company_name }),
        mailFailed: t('partners.review.reject.mailFailed'),
        onClose,
      }),
    );
  });

  return (
    <ModalForm
      onCancel={onClose}
      onSubmit={submit}
      saving={reject.isPending}
      submit={{ label: t('partners.review.reject.confirm'), color: 'red.8' }}
    >
      <Text size="sm">{t('partners.review.reject.intro')}</Text>
      <ReasonField
        label={t('partners.review.reject.reason')}
        description={t('partners.review.reject.reasonHint')}
        max={REJECT_REASON_MAX}
        lines={[3, 8]}
        data-autofocus
        {...form.getInputProps('reason')}
      />
    </ModalForm>
  );
};

/** Asks for the reason the applicant will read, then rejects. */
export const RejectPartnerModal = ({ application, onClose }: RejectPartnerModalProps) => {
  const { t } = useTranslation();
  return (
    <DialogModal
      opened={application !== null}
      onClose={onClose}
      title={t('partners.review.reject.title', { company: application?.company_name ?? '' })}
      size="lg"
    >
      <OpenedContent target={application} keyOf={(shown) => shown.id}>
        {(shown) => <RejectForm application={shown} onClose={onClose} />}
      </OpenedContent>
    </DialogModal>
  );
};
