import {
  type PartnerApplication,
  REJECT_REASON_MAX,
  rejectPartnerInputSchema,
} from '@esd/shared/partners/partners.schemas';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import { notifySuccess, notifyWarning } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useRejectPartnerApplication } from '../api/review-partner-application';
import { notifyReviewError } from './review-errors';

type RejectPartnerModalProps = { application: PartnerApplication | null; onClose: () => void };

/** Asks for the reason the applicant will read, then rejects. */
export const RejectPartnerModal = ({ application, onClose }: RejectPartnerModalProps) => {
  const { t } = useTranslation();
  const reject = useRejectPartnerApplication();
  const form = useForm({
    initialValues: { reason: '' },
    validate: (values) => schemaErrors(rejectPartnerInputSchema, values),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form restarts for each opening
  useEffect(() => {
    if (!application) return;
    form.setValues({ reason: '' });
    form.clearErrors();
    reject.reset();
  }, [application?.id]);

  const submit = form.onSubmit((values) => {
    if (!application) return;
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
    <DialogModal
      opened={application !== null}
      onClose={onClose}
      title={t('partners.review.reject.title', { company: application?.company_name ?? '' })}
      size="lg"
    >
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
    </DialogModal>
  );
};
