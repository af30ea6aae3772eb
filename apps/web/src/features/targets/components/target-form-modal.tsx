import {
  type TargetDealer,
  type TargetInput,
  targetInputSchema,
} from '@esd/shared/content/targets.schemas';
import { formatUsd } from '@esd/shared/format/format';
import { Alert, Button, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { DialogModal } from '@/components/dialog-modal';
import { ModalForm } from '@/components/form-modal';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useCreateTarget } from '../api/create-target';
import { useTargetDealers } from '../api/get-target-dealers';
import { TargetImmutableNote } from './target-note';

type FormValues = {
  dealer_id: string | null;
  year: number | string;
  quarter: string | null;
  amount_usd: string;
  note: string;
};

const currentQuarter = () => {
  const now = new Date();
  return { year: now.getFullYear(), quarter: String(Math.floor(now.getMonth() / 3) + 1) };
};

const emptyValues = (): FormValues => ({
  dealer_id: null,
  ...currentQuarter(),
  amount_usd: '',
  note: '',
});

const toInput = (values: FormValues) => ({
  dealer_id: values.dealer_id ? Number(values.dealer_id) : undefined,
  year: values.year === '' ? undefined : Number(values.year),
  quarter: values.quarter ? Number(values.quarter) : undefined,
  amount_usd: values.amount_usd,
  note: values.note,
});

type TargetFormModalProps = { opened: boolean; onClose: () => void };

/** The form's dialog and the confirmation's, which keeps the form's values for "Go back". */
const TargetDialogs = ({
  opened,
  onClose,
  onClosed,
}: TargetFormModalProps & { onClosed: () => void }) => {
  const { t, i18n } = useTranslation();
  const createTarget = useCreateTarget();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const dealers = useTargetDealers(q, opened);
  const [known, setKnown] = useState<Record<string, TargetDealer>>({});
  const [confirming, setConfirming] = useState<TargetInput | null>(null);
  const form = useForm<FormValues>({
    initialValues: emptyValues(),
    validate: (values) =>
      schemaErrors(targetInputSchema, toInput(values), {
        amount_usd: t('targets.form.amountInvalid'),
      }),
  });

  useEffect(() => {
    if (!dealers.data) return;
    setKnown((current) => ({
      ...current,
      ...Object.fromEntries(dealers.data.map((d) => [String(d.id), d])),
    }));
  }, [dealers.data]);

  const submit = form.onSubmit((values) => {
    setConfirming(targetInputSchema.parse(toInput(values)));
  });

  const add = () => {
    if (!confirming) return;
    createTarget.mutate(confirming, {
      onSuccess: () => {
        notifySuccess(t('targets.created'));
        setConfirming(null);
        onClose();
      },
      onError: (error) => {
        setConfirming(null);
        if (isApiError(error) && error.errorName === 'CONFLICT') {
          form.setFieldError('quarter', t('targets.form.quarterTaken'));
          return;
        }
        notifyError(getErrorMessage(error));
      },
    });
  };

  const dealer = confirming ? known[String(confirming.dealer_id)] : undefined;
  // the form's dialog also fades out on the way to the confirmation: only a closing counts
  const onFadedOut = opened ? undefined : onClosed;
  return (
    <>
      <DialogModal
        opened={opened && !confirming}
        onClose={onClose}
        title={t('targets.form.title')}
        size="lg"
        onClosed={onFadedOut}
      >
        <ModalForm onCancel={onClose} onSubmit={submit} saving={false}>
          <TargetImmutableNote />
          <Select
            label={t('targets.form.dealer')}
            placeholder={t('targets.form.dealerPlaceholder')}
            required
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            nothingFoundMessage={
              dealers.isFetching ? t('targets.form.searching') : t('targets.form.noDealers')
            }
            data={(dealers.data ?? []).map((d) => ({
              value: String(d.id),
              label: `${d.name} (${d.email})`,
            }))}
            {...form.getInputProps('dealer_id')}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t('targets.form.year')}
              required
              withAsterisk={false}
              min={2000}
              max={2100}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('year')}
            />
            <Select
              label={t('targets.form.quarter')}
              required
              data={['1', '2', '3', '4'].map((quarter) => ({
                value: quarter,
                label: t('targets.quarterName', { quarter }),
              }))}
              allowDeselect={false}
              {...form.getInputProps('quarter')}
            />
          </Group>
          <DecimalInput
            label={t('targets.form.amount')}
            description={t('targets.form.amountHint')}
            required
            leftSection="$"
            {...form.getInputProps('amount_usd')}
          />
          <Textarea
            label={t('targets.form.note')}
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('note')}
          />
        </ModalForm>
      </DialogModal>
      <DialogModal
        opened={opened && confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('targets.confirm.title')}
        onClosed={onFadedOut}
      >
        {confirming ? (
          <Stack gap="md">
            <Text>
              {t('targets.confirm.summary', {
                dealer: dealer?.name ?? `#${confirming.dealer_id}`,
                period: t('targets.period', { quarter: confirming.quarter, year: confirming.year }),
                amount: formatUsd(confirming.amount_usd, i18n.language),
              })}
            </Text>
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={20} aria-hidden />}
            >
              {t('targets.note.text')}
            </Alert>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t('targets.confirm.back')}
              </Button>
              <Button color="orange" loading={createTarget.isPending} onClick={add}>
                {t('targets.confirm.add')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </DialogModal>
    </>
  );
};

/**
 * Adds a target: the form, then a confirmation, since a target can never be changed. Both
 * dialogs are mounted afresh once they have faded out after a closing, so each opening starts
 * from an empty form, the current quarter and no dealer search.
 */
export const TargetFormModal = ({ opened, onClose }: TargetFormModalProps) => {
  const [round, setRound] = useState(0);
  return (
    <TargetDialogs
      key={round}
      opened={opened}
      onClose={onClose}
      onClosed={() => setRound((last) => last + 1)}
    />
  );
};
