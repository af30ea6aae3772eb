import {
  type PrizeInput,
  type PrizeSettings,
  prizeInputSchema,
} from '@esd/shared/events/events.schemas';
import { NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '@/components/form-modal';
import type { ChosenImage } from '@/components/image-choice';
import { RecordDialog } from '@/components/record-dialog';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useEventOptions } from '../api/event-settings';
import { useSavePrize } from '../api/prize-settings';
import { ImageField } from './image-field';
import { LocalizedTextsFields } from './localized-texts-fields';
import { useContentLanguage } from './use-content-language';

type Values = {
  event_id: string;
  title: { en: string; ru: string; az: string };
  description: { en: string; ru: string; az: string };
  kind: 'points' | 'rank';
  points_needed: number | '';
  rank: number | '';
  stock: number | '';
};

const blank = { en: '', ru: '', az: '' };

const toInput = (v: Values) => ({
  event_id: v.event_id ? Number(v.event_id) : undefined,
  title: v.title,
  description: v.description,
  points_needed:
    v.kind === 'points' ? (v.points_needed === '' ? undefined : v.points_needed) : null,
  rank: v.kind === 'rank' ? (v.rank === '' ? undefined : v.rank) : null,
  stock: v.stock === '' ? undefined : v.stock,
});

type PrizeFormModalProps = {
  target: PrizeSettings | 'new' | null;
  /** the event a new prize starts in (the list's filter) */
  defaultEventId?: number;
  onClose: () => void;
};

const PrizeForm = ({
  editing,
  defaultEventId,
  onClose,
  events,
}: Omit<PrizeFormModalProps, 'target'> & {
  editing: PrizeSettings | null;
  /** asked for by the dialog, so the list is there before it opens */
  events: ReturnType<typeof useEventOptions>;
}) => {
  const { t } = useTranslation();
  const lang = useContentLanguage();
  const kindLabelId = useId();
  const save = useSavePrize();
  const [image, setImage] = useState<ChosenImage | null>(null);
  const form = useForm<Values>({
    initialValues: editing
      ? {
          event_id: String(editing.event_id),
          title: { ...editing.title },
          description: { ...editing.description },
          kind: editing.rank !== null ? 'rank' : 'points',
          points_needed: editing.points_needed ?? 100,
          rank: editing.rank ?? 1,
          stock: editing.stock,
        }
      : {
          event_id: defaultEventId ? String(defaultEventId) : '',
          title: { ...blank },
          description: { ...blank },
          kind: 'points',
          points_needed: 100,
          rank: 1,
          stock: 1,
        },
    validate: (values) =>
      schemaErrors(prizeInputSchema, toInput(values), {
        event_id: t('events.settings.prizes.form.eventRequired'),
      }),
  });

  const submit = form.onSubmit((values) => {
    const input: PrizeInput = prizeInputSchema.parse(toInput(values));
    save.mutate(
      { id: editing?.id, input, image: image?.file },
      {
        onSuccess: () => {
          notifySuccess(
            t(editing ? 'events.settings.prizes.saved' : 'events.settings.prizes.created'),
          );
          onClose();
        },
        onError: (error) => notifyError(getErrorMessage(error)),
      },
    );
  });

  return (
    <ModalForm onCancel={onClose} onSubmit={submit} saving={save.isPending}>
      <Select
        label={t('events.settings.prizes.form.event')}
        required
        searchable
        data={(events.data?.items ?? []).map((e) => ({
          value: String(e.id),
          label: e.title[lang],
        }))}
        {...form.getInputProps('event_id')}
      />
      <LocalizedTextsFields form={form} />
      <Stack gap={6}>
        <Text id={kindLabelId} fw={500} size="sm">
          {t('events.settings.prizes.form.kind')}
        </Text>
        <SegmentedControl
          aria-labelledby={kindLabelId}
          data={[
            { value: 'points', label: t('events.settings.prizes.form.kindPoints') },
            { value: 'rank', label: t('events.settings.prizes.form.kindRank') },
          ]}
          {...form.getInputProps('kind')}
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {form.values.kind === 'points' ? (
          <NumberInput
            label={t('events.settings.prizes.form.pointsNeeded')}
            required
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('points_needed')}
          />
        ) : (
          <NumberInput
            label={t('events.settings.prizes.form.rank')}
            description={t('events.settings.prizes.form.rankHint')}
            required
            min={1}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('rank')}
          />
        )}
        <NumberInput
          label={t('events.settings.prizes.form.stock')}
          required
          min={0}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('stock')}
        />
      </SimpleGrid>
      <ImageField currentUrl={editing?.image_url ?? null} chosen={image} onChange={setImage} />
    </ModalForm>
  );
};

/** Adds or edits a prize: event, texts, points needed or final rank, stock and picture. */
export const PrizeFormModal = ({ target, defaultEventId, onClose }: PrizeFormModalProps) => {
  const { t } = useTranslation();
  const events = useEventOptions();
  return (
    <RecordDialog
      target={target}
      onClose={onClose}
      title={(editing) =>
        editing
          ? t('events.settings.prizes.form.editTitle', { title: editing.title.en })
          : t('events.settings.prizes.form.createTitle')
      }
    >
      {(editing) => (
        <PrizeForm
          editing={editing}
          defaultEventId={defaultEventId}
          onClose={onClose}
          events={events}
        />
      )}
    </RecordDialog>
  );
};
