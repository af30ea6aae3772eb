import {
  type ApprovePartnerInput,
  approvePartnerInputSchema,
  type PartnerApplication,
} from '@esd/shared/partners/partners.schemas';
import { Alert, Checkbox, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { DialogModal } from '@/components/dialog-modal';
import { ModalForm } from '@/components/form-modal';
import { OpenedContent } from '@/components/opened-content';
import { schemaErrors } from '@/lib/schema-errors';
import { useMarkupGroupOptions } from '../api/get-markup-group-options';
import { useApprovePartnerApplication } from '../api/review-partner-application';
import { reviewOutcome } from './review-outcome';

type Values = {
  credit_limit: string;
  markup_group_id: string | null;
  need_azn_cash: boolean;
  need_azn_credit: boolean;
  has_adobe_account: boolean;
};

const initialValues: Values = {
  credit_limit: '',
  markup_group_id: null,
  need_azn_cash: false,
  need_azn_credit: false,
  has_adobe_account: false,
};

const toInput = (values: Values): ApprovePartnerInput => ({
  credit_limit: values.credit_limit.trim() || undefined,
  markup_group_id: values.markup_group_id ? Number(values.markup_group_id) : null,
  need_azn_cash: values.need_azn_cash,
  need_azn_credit: values.need_azn_credit,
  has_adobe_account: values.has_adobe_account,
});

type ApprovePartnerModalProps = { application: PartnerApplication | null; onClose: () => void };

type ApproveFormProps = { application: PartnerApplication; onClose: () => void };

const ApproveForm = ({ application, onClose }: ApproveFormProps) => {
  const { t } = useTranslation();
  const approve = useApprovePartnerApplication();
  const groups = useMarkupGroupOptions();
  const form = useForm<Values>({
    initialValues,
    validate: (values) =>
      schemaErrors(approvePartnerInputSchema, toInput(values), {
        credit_limit: t('validation.money'),
      }),
  });

  const submit = form.onSubmit((values) => {
    approve.mutate(
      { id: application.id, input: toInput(values) },
      reviewOutcome({
        done: t('partners.review.approve.done', {
          company: application.company_name,
          email: application.email,
        }),
        mailFailed: t('partners.review.approve.mailFailed'),
        onClose,
      }),
    );
  });

  return (
    <ModalForm
      onCancel={onClose}
      onSubmit={submit}
      saving={approve.isPending}
      submit={{ label: t('partners.review.approve.confirm'), color: 'teal.9' }}
    >
      <Text size="sm">{t('partners.review.approve.intro', { email: application.email })}</Text>
      <DecimalInput
        label={t('partners.review.approve.creditLimit')}
        description={t('partners.review.approve.creditLimitHint')}
        value={form.values.credit_limit}
        onChange={(value) => form.setFieldValue('credit_limit', value)}
        error={form.errors.credit_limit}
      />
      <Select
        label={t('partners.review.approve.markupGroup')}
        placeholder={t('partners.review.approve.markupGroupNone')}
        clearable
        disabled={groups.isPending}
        data={
          groups.data?.items.map((group) => ({
            value: String(group.id),
            label: `${group.name} (${group.percent}%)`,
          })) ?? []
        }
        {...form.getInputProps('markup_group_id')}
      />
      {groups.isError ? (
        <Alert color="red" role="alert">
          {t('partners.review.approve.markupGroupsError')}
        </Alert>
      ) : null}
      <Stack gap="xs">
        <Checkbox
          label={t('partners.review.approve.needAznCash')}
          {...form.getInputProps('need_azn_cash', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('partners.review.approve.needAznCredit')}
          {...form.getInputProps('need_azn_credit', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('partners.review.approve.hasAdobeAccount')}
          {...form.getInputProps('has_adobe_account', { type: 'checkbox' })}
        />
      </Stack>
    </ModalForm>
  );
};

/** Confirms an approval with the new dealer's optional account settings. */
export const ApprovePartnerModal = ({ application, onClose }: ApprovePartnerModalProps) => {
  const { t } = useTranslation();
  return (
    <DialogModal
      opened={application !== null}
      onClose={onClose}
      title={t('partners.review.approve.title', { company: application?.company_name ?? '' })}
      size="lg"
    >
      <OpenedContent target={application} keyOf={(shown) => shown.id}>
        {(shown) => <ApproveForm application={shown} onClose={onClose} />}
      </OpenedContent>
    </DialogModal>
  );
};
