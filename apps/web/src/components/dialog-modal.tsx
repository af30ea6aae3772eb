import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type DialogModalProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalRootProps['size'];
  centered?: boolean;
  /** called once the dialog has faded out after closing */
  onClosed?: () => void;
  children: ReactNode;
};

/** Mantine's Modal with a div header: inside a dialog a <header> counts as a second banner. */
export const DialogModal = ({
  opened,
  onClose,
  title,
  size,
  centered,
  onClosed,
  children,
}: DialogModalProps) => {
  const { t } = useTranslation();
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size}
      centered={centered}
      onExitTransitionEnd={onClosed}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={650} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={t('actions.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
};
