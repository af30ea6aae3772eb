import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifySuccess } from '@/lib/notify';
import { DialogModal } from './dialog-modal';

type ConfirmDeleteModalProps = {
  /** the record to delete, or null when the modal is closed */
  target: { name: string; details: ReactNode } | null;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
};

/**
 * Asks before deleting and shows what goes. A refusal stays in the modal: 409 IN_USE shows
 * the server's explanation of what still uses the record.
 */
export const ConfirmDeleteModal = ({ target, onConfirm, onClose }: ConfirmDeleteModalProps) => {
  const { t } = useTranslation();
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<{ isInUse: boolean; message: string } | null>(null);

  // A new record starts without the last one's refusal (the target object itself is rebuilt
  // on every render of the table, so its name tells records apart).
  const targetName = target?.name;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the record changes
  useEffect(() => setError(null), [targetName]);

  const confirm = async () => {
    if (!target) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      notifySuccess(t('list.deleted', { name: target.name }));
      onClose();
    } catch (failure) {
      const inUse = isApiError(failure) && failure.errorName === 'IN_USE';
      setError({ isInUse: inUse, message: inUse ? failure.message : getErrorMessage(failure) });
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogModal opened={target !== null} onClose={onClose} title={t('list.deleteTitle')} centered>
      <Stack gap="md">
        <div>
          <Text size="sm" c="dimmed">
            {t('list.deleteWhat')}
          </Text>
          <Text fw={600}>{target?.name}</Text>
          {target?.details ? (
            <Text size="sm" component="div">
              {target.details}
            </Text>
          ) : null}
        </div>
        {error ? (
          <Alert
            color="red"
            title={error.isInUse ? t('errors.IN_USE') : t('common.errorTitle')}
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
          >
            {error.message}
          </Alert>
        ) : (
          <Text size="sm">{t('list.deleteWarning')}</Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={isPending}
            disabled={error?.isInUse === true}
            onClick={() => void confirm()}
          >
            {t('actions.delete')}
          </Button>
        </Group>
      </Stack>
    </DialogModal>
  );
};
