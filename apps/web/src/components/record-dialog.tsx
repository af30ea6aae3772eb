import type { ReactNode } from 'react';
import { DialogModal } from './dialog-modal';
import { OpenedContent } from './opened-content';
import { useLastOpened } from './use-last-opened';

type RecordDialogProps<R extends { id: number }> = {
  /** 'new' to add one, a record to edit it, null when closed */
  target: R | 'new' | null;
  onClose: () => void;
  title: (editing: R | null) => ReactNode;
  /** the dialog's content for a new record (null) or the one edited, usually its form */
  children: (editing: R | null) => ReactNode;
};

/**
 * The dialog that adds or edits one record: its content is mounted afresh, keyed by the record,
 * at each opening, so a form inside starts from its initial values with no effect to reset it.
 */
export const RecordDialog = <R extends { id: number }>({
  target,
  onClose,
  title,
  children,
}: RecordDialogProps<R>) => {
  const shown = useLastOpened(target);
  return (
    <DialogModal
      opened={target !== null}
      onClose={onClose}
      title={title(shown === 'new' ? null : shown)}
      size="lg"
    >
      <OpenedContent target={target} keyOf={(record) => (record === 'new' ? 'new' : record.id)}>
        {(record) => children(record === 'new' ? null : record)}
      </OpenedContent>
    </DialogModal>
  );
};
