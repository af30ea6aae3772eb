import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from './dialog-modal';

type ModalFormProps = {
  onCancel: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** the save button spins while the create or update request runs */
  saving: boolean;
  children: ReactNode;
};

/**
 * A create/edit dialog's form: its fields, then Cancel and Save at the bottom right. The
 * component that holds the form state renders it inside the dialog, keyed by the record, so
 * the form starts afresh for each opening.
 */
export const ModalForm = ({ onCancel, onSubmit, saving, children }: ModalFormProps) => {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

type FormModalProps = Omit<ModalFormProps, 'onCancel'> & {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
};

/** A create/edit dialog whose form state lives outside it: the dialog and its ModalForm. */
export const FormModal = ({ opened, onClose, title, ...form }: FormModalProps) => (
  <DialogModal opened={opened} onClose={onClose} title={title} size="lg">
    <ModalForm onCancel={onClose} {...form} />
  </DialogModal>
);
