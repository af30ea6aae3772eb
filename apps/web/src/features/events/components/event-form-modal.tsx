import {
  type EventInput,
  type EventSettings,
  eventInputSchema,
} from '@esd/shared/events/events.schemas';
import { fromDateTimeInput, toDateTimeInput } from '@esd/shared/format/format';
import { Alert, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '@/components/form-modal';
import type { ChosenImage } from '@/components/image-choice';
import { RecordDialog } from '@/components/record-dialog';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useSaveEvent } from '../api/event-settings';
import { type EventProductLine, EventProductsField } from './event-products-field';
import { ImageField } from './image-field';
import { LocalizedTextsFields } from './localized-texts-fields';

type Values = {
  title: { en: string; ru: string; az: string };
  description: { en: string; ru: string; az: string };
  starts_at: string;
  ends_at: string;
  products: EventProductLine[];
};

const blank = { en: '', ru: '', az: '' };
const day = 86_400_000;
const emptyValues = (): Values => ({
  title: { ...blank },
  description: { ...blank },
  starts_at: toDateTimeInput(new Date().toISOString()),
  ends_at: toDateTimeInput(new Date(Date.now() + 30 * day).toISOString()),
  products: [],
});

const toInput = (values: Values) => ({
  title: values.title,
  description: values.description,
  starts_at: fromDateTimeInput(values.starts_at),
  ends_at: fromDateTimeInput(values.ends_at),
  products: values.products.map((l) => ({ product_id: l.product_id, points: l.points })),
});

type EventFormModalProps = {
  target: EventSettings | 'new' | null;
  onClose: () => void;
};

const EventForm = ({
  editing,
  onClose,
}: Omit<EventFormModalProps, 'target'> & { editing: EventSettings | null }) => {
  const { t } = useTranslation();
  const save = useSaveEvent();
  const [image, setImage] = useState<ChosenImage | null>(null);
  const form = useForm<Values>({
    initialValues: editing
      ? {
          title: { ...editing.title },
          description: { ...editing.description },
          starts_at: toDateTimeInput(editing.starts_at),
          ends_at: toDateTimeInput(editing.ends_at),
          products: editing.products.map((p) => ({
            product_id: p.product_id,
            points: p.points,
            label: `${p.sku} — ${p.title}`,
          })),
        }
      : emptyValues(),
    validate: (values) =>
      schemaErrors(eventInputSchema, toInput(values), {
        starts_at: t('events.settings.events.form.dateInvalid'),
        ends_at: t('events.settings.events.form.endAfterStart'),
        products: t('events.settings.events.form.noProducts'),
        'products.*.product_id': t('events.settings.events.form.productTwice'),
      }),
  });

  const submit = form.onSubmit((values) => {
    const input: EventInput = eventInputSchema.parse(toInput(values));
    save.mutate(
      { id: editing?.id, input, image: image?.file },
      {
        onSuccess: () => {
          notifySuccess(
            t(editing ? 'events.settings.events.saved' : 'events.settings.events.created'),
          );
          onClose();
        },
        onError: (error) => notifyError(getErrorMessage(error)),
      },
    );
  });

  const lineErrors = Object.fromEntries(
    form.values.products.map((_, i) => [
      i,
      form.errors[`products.${i}.points`] as string | undefined,
    ]),
  );

  return (
    <ModalForm onCancel={onClose} onSubmit={submit} saving={save.isPending}>
      {editing && editing.won_count > 0 ? (
        <Alert color="yellow" variant="light">
          {t('events.settings.events.form.hasWinners')}
        </Alert>
      ) : null}
      <LocalizedTextsFields form={form} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="datetime-local"
          label={t('events.settings.events.form.startsAt')}
          description={t('fields.bakuTime')}
          required
          {...form.getInputProps('starts_at')}
        />
        <TextInput
          type="datetime-local"
          label={t('events.settings.events.form.endsAt')}
          description={t('fields.bakuTime')}
          required
          {...form.getInputProps('ends_at')}
        />
      </SimpleGrid>
      <EventProductsField
        value={form.values.products}
        onChange={(lines) => {
          form.setFieldValue('products', lines);
          form.clearFieldError('products');
        }}
        error={form.errors.products as string | undefined}
        lineErrors={lineErrors}
      />
      <ImageField currentUrl={editing?.image_url ?? null} chosen={image} onChange={setImage} />
    </ModalForm>
  );
};

/** Adds or edits an event: texts in three languages, period, picture, products with points. */
export const EventFormModal = ({ target, onClose }: EventFormModalProps) => {
  const { t } = useTranslation();
  return (
    <RecordDialog
      target={target}
      onClose={onClose}
      title={(editing) =>
        editing
          ? t('events.settings.events.form.editTitle', { title: editing.title.en })
          : t('events.settings.events.form.createTitle')
      }
    >
      {(editing) => <EventForm editing={editing} onClose={onClose} />}
    </RecordDialog>
  );
};
