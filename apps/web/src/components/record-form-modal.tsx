import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { notifySuccess } from '@/lib/notify';
import { showSaveError } from '@/lib/show-save-error';
import { ModalForm } from './form-modal';
import { RecordDialog } from './record-dialog';

type SaveCallbacks = { onSuccess: () => void; onError: (error: unknown) => void };

/** What the dialog needs of a create or update mutation (TanStack Query's fits). */
type SaveMutation<V> = {
  mutate: (variables: V, options: SaveCallbacks) => void;
  isPending: boolean;
};

type RecordFormProps<R extends { id: number }, V extends Record<string, unknown>, I> = {
  /** The form's values for a new record (null) or the one edited. */
  valuesOf: (editing: R | null) => V;
  validate: (values: V) => FormErrors;
  /** The request's body, parsed with the shared schema. */
  toInput: (values: V) => I;
  create: SaveMutation<I>;
  update: SaveMutation<{ id: number; input: I }>;
  /** What the notification says once saved. */
  savedMessage: (editing: R | null) => string;
  /** The field a CONFLICT answer (a name, code or slug taken) is shown on, and its words. */
  conflict: { field: string; message: string };
  /** The fields, given the form and the record edited (null: a new one). */
  children: (form: UseFormReturnType<V>, editing: R | null) => ReactNode;
};

type RecordFormModalProps<
  R extends { id: number },
  V extends Record<string, unknown>,
  I,
> = RecordFormProps<R, V, I> & {
  /** 'new' to add one, a record to edit it, null when closed */
  target: R | 'new' | null;
  onClose: () => void;
  title: (editing: R | null) => string;
};

const RecordForm = <R extends { id: number }, V extends Record<string, unknown>, I>({
  editing,
  onClose,
  valuesOf,
  validate,
  toInput,
  create,
  update,
  savedMessage,
  conflict,
  children,
}: RecordFormProps<R, V, I> & { editing: R | null; onClose: () => void }) => {
  const [initialValues] = useState(() => valuesOf(editing));
  const form = useForm<V>({ initialValues, validate });
  const submit = form.onSubmit((values) => {
    const input = toInput(values);
    const options: SaveCallbacks = {
      onSuccess: () => {
        notifySuccess(savedMessage(editing));
        onClose();
      },
      onError: (error) =>
        showSaveError({
          error,
          form,
          conflictField: conflict.field,
          conflictMessage: conflict.message,
        }),
    };
    if (editing) update.mutate({ id: editing.id, input }, options);
    else create.mutate(input, options);
  });
  return (
    <ModalForm onCancel={onClose} onSubmit={submit} saving={create.isPending || update.isPending}>
      {children(form, editing)}
    </ModalForm>
  );
};

/**
 * The dialog that adds or edits one settings record (a category, a country, a markup group, a
 * dealer's user group): its form is mounted afresh (RecordDialog) each time it opens;
 * Save creates or updates, notifies and closes, and a CONFLICT answer lands on its field.
 */
export const RecordFormModal = <R extends { id: number }, V extends Record<string, unknown>, I>({
  target,
  onClose,
  title,
  ...form
}: RecordFormModalProps<R, V, I>) => {
  return (
    <RecordDialog target={target} onClose={onClose} title={title}>
      {(editing) => <RecordForm editing={editing} onClose={onClose} {...form} />}
    </RecordDialog>
  );
};
