import type { ManagedUser } from '@esd/shared/users/users.schemas';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useStateResetOn } from '@/components/use-state-reset-on';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifySuccess } from '@/lib/notify';
import { type UserAction, useUserAction } from '../api/save-user';

export type PendingAction = { user: ManagedUser; action: UserAction };

const texts = {
  deactivate: {
    title: 'deactivateTitle',
    text: 'deactivateText',
    done: 'deactivated',
    color: 'red',
  },
  activate: { title: 'activateTitle', text: 'activateText', done: 'activated', color: undefined },
  'reset-password': { title: 'resetTitle', text: 'resetText', done: 'reset', color: 'red' },
  'reset-second-factors': {
    title: 'resetFactorsTitle',
    text: 'resetFactorsText',
    done: 'resetFactors',
    color: 'red',
  },
} as const;

/** Asks before deactivating, activating or resetting a password; a refusal stays in view. */
export const UserActionModal = ({
  pending,
  onClose,
}: {
  pending: PendingAction | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const run = useUserAction();
  // a new action starts without the last refusal
  const [error, setError] = useStateResetOn<string | null>(
    null,
    pending ? `${pending.user.id}-${pending.action}` : null,
  );

  const copy = pending ? texts[pending.action] : texts.deactivate;
  const names = pending ? { name: pending.user.name, email: pending.user.email } : {};

  const confirm = () => {
    if (!pending) return;
    run.mutate(
      { id: pending.user.id, action: pending.action },
      {
        onSuccess: () => {
          notifySuccess(t(`users.done.${copy.done}`, names));
          onClose();
        },
        onError: (failure) => {
          const reason = isApiError(failure)
            ? (failure.data as { reason?: string } | undefined)?.reason
            : undefined;
          setError(
            reason
              ? t(`users.refusals.${reason}`, { defaultValue: getErrorMessage(failure) })
              : getErrorMessage(failure),
          );
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened={pending !== null}
      onClose={onClose}
      title={t(`users.confirm.${copy.title}`, names)}
      error={error}
      confirmLabel={t('users.confirm.confirm')}
      confirmColor={copy.color}
      isPending={run.isPending}
      onConfirm={confirm}
    >
      <Text size="sm">{t(`users.confirm.${copy.text}`, names)}</Text>
    </ConfirmDialog>
  );
};
