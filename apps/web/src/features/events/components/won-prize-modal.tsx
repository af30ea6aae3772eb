import { nextWonPrizeStatuses } from '@esd/shared/events/events.rules';
import { type WonPrize, wonPrizeUpdateSchema } from '@esd/shared/events/events.schemas';
import { Select, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import { ModalForm } from '@/components/form-modal';
import { OpenedContent } from '@/components/opened-content';
import { notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useUpdateWonPrize } from '../api/won-prizes';
import { DeliveryDetails } from './delivery-details';

type Values = { status: string; note: string };

const WonPrizeForm = ({ target, onClose }: { target: WonPrize; onClose: () => void }) => {
  const { t } = useTranslation();
  const update = useUpdateWonPrize();
  const form = useForm<Values>({
    initialValues: { status: target.status, note: target.note ?? '' },
    validate: (values) =>
      schemaErrors(wonPrizeUpdateSchema, {
        status: values.status || undefined,
        note: values.note || null,
      }),
  });

  const statuses = [target.status, ...nextWonPrizeStatuses(target.status)];
  const submit = form.onSubmit((values) => {
    const change = wonPrizeUpdateSchema.parse({ status: values.status, note: values.note || null });
    update.mutate(
      { id: target.id, change },
      {
        onSuccess: () => {
          notifySuccess(t('events.settings.won.saved'));
          onClose();
        },
      },
    );
  });

  return (
    <ModalForm onCancel={onClose} onSubmit={submit} saving={update.isPending}>
      <Text size="sm" c="dimmed">
        {t('events.settings.won.form.who', {
          dealer: target.dealer_name,
          event: target.event_title,
        })}
      </Text>
      <div>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={2}>
          {t('events.settings.won.table.deliverTo')}
        </Text>
        <DeliveryDetails delivery={target.delivery} />
      </div>
      <Select
        label={t('events.settings.won.form.status')}
        required
        allowDeselect={false}
        data={statuses.map((s) => ({ value: s, label: t(`events.wonStatus.${s}`) }))}
        {...form.getInputProps('status')}
      />
      {form.values.status === 'cancelled' && target.status !== 'cancelled' ? (
        <Text size="sm" c="orange.9">
          {target.source === 'claim'
            ? t('events.settings.won.form.cancelClaim', {
                count: target.points_spent,
                points: target.points_spent,
              })
            : t('events.settings.won.form.cancelRank')}
        </Text>
      ) : null}
      <Textarea
        label={t('events.settings.won.form.note')}
        description={t('events.settings.won.form.noteHint')}
        maxLength={1000}
        autosize
        minRows={2}
        {...form.getInputProps('note')}
      />
    </ModalForm>
  );
};

/**
 * Moves a won prize along its delivery and keeps its tracking note (a tracking number, a
 * reason), which the dealer sees; shows where the prize goes.
 */
export const WonPrizeModal = ({
  target,
  onClose,
}: {
  target: WonPrize | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <DialogModal
      opened={target !== null}
      onClose={onClose}
      title={target ? t('events.settings.won.form.title', { prize: target.prize_title }) : ''}
      size="lg"
    >
      <OpenedContent target={target} keyOf={(shown) => shown.id}>
        {(shown) => <WonPrizeForm target={shown} onClose={onClose} />}
      </OpenedContent>
    </DialogModal>
  );
};
