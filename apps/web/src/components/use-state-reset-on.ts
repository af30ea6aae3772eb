import { useState } from 'react';

/**
 * State that starts again from `initial` whenever `resetKey` changes: a dialog opened for
 * another record starts without the last record's refusal. The reset happens while rendering
 * (React's "adjusting state when a prop changes"), so no effect runs a frame late and no hook
 * rule is silenced.
 */
export const useStateResetOn = <T>(initial: T, resetKey: unknown) => {
  const [state, setState] = useState(initial);
  const [seenKey, setSeenKey] = useState(resetKey);
  if (!Object.is(seenKey, resetKey)) {
    setSeenKey(resetKey);
    setState(initial);
  }
  return [state, setState] as const;
};
