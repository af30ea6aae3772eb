import {
  type PartnerApplication,
  REJECT_REASON_MAX,
  rejectPartnerInputSchema,
} from '@esd/shared/partners/partners.schemas';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import { OpenedContent } from '@/components/opened-content';
import { notifySuccess, notifyWarning } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useRejectPartnerApplication } from '../api/review-partner-application';
import { notifyReviewError } from './review-errors';

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
      {
        onSuccess: (result) => {
          if (result.mail_sent) {
            notifySuccess(t('partners.review.reject.done', { company: application.company_name }));
          } else {
            notifyWarning({
              title: t('common.successTitle'),
              message: t('partners.review.reject.mailFailed'),
            });
          }
          onClose();
        },
        onError: (error) => {
          notifyReviewError(error);
          onClose();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('partners.review.reject.intro')}</Text>
        <Textarea
          label={t('partners.review.reject.reason')}
          description={t('partners.review.reject.reasonHint')}
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REJECT_REASON_MAX}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color="red.8" loading={reject.isPending}>
            {t('partners.review.reject.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
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
