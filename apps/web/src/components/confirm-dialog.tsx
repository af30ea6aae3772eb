import { Alert, Button, Group, type MantineColor, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from './dialog-modal';

type ConfirmDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** what confirming does, above the refusal and the buttons */
  children: ReactNode;
  /** the server's refusal, which stays in the dialog until it closes or the user tries again */
  error?: ReactNode;
  /** the refusal's heading; a generic "error" without it */
  errorTitle?: ReactNode;
  confirmLabel: ReactNode;
  /** red for what cannot be undone */
  confirmColor?: MantineColor;
  confirmIcon?: ReactNode;
  confirmDisabled?: boolean;
  isPending: boolean;
  onConfirm: () => void;
};

/** Asks before one action: the text, a refusal in words if there is one, Cancel and confirm. */
export const ConfirmDialog = (props: ConfirmDialogProps) => {
  const { t } = useTranslation();
  return (
    <DialogModal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack gap="md">
        {props.children}
        {props.error ? (
          <Alert
            color="red"
            title={props.errorTitle ?? t('common.errorTitle')}
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
          >
            {props.error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            color={props.confirmColor}
            leftSection={props.confirmIcon}
            loading={props.isPending}
            disabled={props.confirmDisabled}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </DialogModal>
  );
};
