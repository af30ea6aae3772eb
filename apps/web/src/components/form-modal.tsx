import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ModalFormProps = {
  onCancel: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** the save button spins while the create or update request runs */
  saving: boolean;
  /** the submit button's words and colour when it does more than save (approve, reject) */
  submit?: { label: string; color: string };
  children: ReactNode;
};

/**
 * A create/edit dialog's form: its fields, then Cancel and Save at the bottom right. The
 * component that holds the form state renders it inside the dialog, keyed by the record, so
 * the form starts afresh for each opening.
 */
export const ModalForm = ({ onCancel, onSubmit, saving, submit, children }: ModalFormProps) => {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color={submit?.color} loading={saving}>
            {submit?.label ?? t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
