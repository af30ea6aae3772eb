import { Fragment, type Key, type ReactNode } from 'react';
import { useLastOpened } from './use-last-opened';

type OpenedContentProps<T> = {
  /** what the dialog is open for; null when it is closed */
  target: T | null;
  /** the content's key: another record mounts it afresh */
  keyOf: (target: T) => Key;
  children: (target: T) => ReactNode;
};

/**
 * A dialog's content for the record it is open for. The dialog unmounts it once closed, and
 * the key remounts it for another record, so a form inside starts afresh at each opening from
 * its initial values: no effect resets it. While the dialog fades out it keeps the last record.
 */
export const OpenedContent = <T,>({ target, keyOf, children }: OpenedContentProps<T>) => {
  const shown = useLastOpened(target);
  return shown === null ? null : <Fragment key={keyOf(shown)}>{children(shown)}</Fragment>;
};
