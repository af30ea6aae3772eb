import { useState } from 'react';

/**
 * What a dialog shows: the target it is open for, and while it fades out after closing (the
 * target is null then), the one it was last opened with, so its content does not change under
 * the fade. The dialog unmounts its content once closed, so each opening mounts it afresh.
 */
export const useLastOpened = <T>(target: T | null): T | null => {
  const [last, setLast] = useState(target);
  if (target !== null && target !== last) setLast(target);
  return target ?? last;
};
