import type { Clock } from '../src/lib/clock';

/**
 * A clock the test sets by hand: the time rules move without anyone waiting. Pass it to
 * `createTestContext(kind, { clock })`; the app's rules, its sign-ins and their tokens read it.
 */
export const settableClock = (start: Date) => {
  let at = start.getTime();
  const clock: Clock & { set: (to: Date) => void } = {
    now: () => new Date(at),
    set: (to) => {
      at = to.getTime();
    },
  };
  return clock;
};
