import { Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifySuccess } from '@/lib/notify';
import { ConfirmDialog } from './confirm-dialog';
import { useStateResetOn } from './use-state-reset-on';

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
  // A new record starts without the last one's refusal (the target object itself is rebuilt
  // on every render of the table, so its name tells records apart).
  const [error, setError] = useStateResetOn<{ isInUse: boolean; message: string } | null>(
    null,
    target?.name,
  );

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
    <ConfirmDialog
      opened={target !== null}
      onClose={onClose}
      title={t('list.deleteTitle')}
      error={error?.message}
      errorTitle={error?.isInUse ? t('errors.IN_USE') : undefined}
      confirmLabel={t('actions.delete')}
      confirmColor="red"
      confirmIcon={<IconTrash size={16} aria-hidden />}
      confirmDisabled={error?.isInUse === true}
      isPending={isPending}
      onConfirm={() => void confirm()}
    >
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
      {/* the refusal takes the warning's place */}
      {error ? null : <Text size="sm">{t('list.deleteWarning')}</Text>}
    </ConfirmDialog>
  );
};
