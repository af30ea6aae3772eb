import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from './dialog-modal';

type FormModalProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** the save button spins while the create or update request runs */
  saving: boolean;
  children: ReactNode;
};

/** A create/edit dialog: its fields, then Cancel and Save at the bottom right. */
export const FormModal = ({
  opened,
  onClose,
  title,
  onSubmit,
  saving,
  children,
}: FormModalProps) => {
  const { t } = useTranslation();
  return (
    <DialogModal opened={opened} onClose={onClose} title={title} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </DialogModal>
  );
};
