import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import { getErrorMessage, notifySuccess } from '@/lib/notify';

type ActionModalProps<R> = {
  onClose: () => void;
  title: string;
  description?: string;
  children?: ReactNode;
  submitLabel: string;
  /** red for what cannot be undone */
  color?: string;
  cancelLabel?: string;
  canSubmit?: boolean;
  onSubmit: () => Promise<R>;
  successMessage: (result: R) => string;
};

/**
 * The confirmation of one order action: its fields, then Cancel and the action. A refusal
 * (for example INVALID_STATE after someone else acted) stays in the dialog in words.
 */
export const ActionModal = <R,>(props: ActionModalProps<R>) => {
  const { t } = useTranslation();
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending || props.canSubmit === false) return;
    setPending(true);
    setError(null);
    try {
      const result = await props.onSubmit();
      notifySuccess(props.successMessage(result));
      props.onClose();
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogModal opened onClose={props.onClose} title={props.title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {props.description ? <Text size="sm">{props.description}</Text> : null}
          {props.children}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose}>
              {props.cancelLabel ?? t('actions.cancel')}
            </Button>
            <Button
              type="submit"
              color={props.color}
              loading={isPending}
              disabled={props.canSubmit === false}
            >
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </DialogModal>
  );
};
