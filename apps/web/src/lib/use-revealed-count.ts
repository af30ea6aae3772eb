import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * What one slice may take here: a phone four times slower (Lighthouse's mobile measure) then
 * stays under the 50 ms after which a task keeps a tap waiting.
 */
export const SLICE_BUDGET_MS = 10;

/**
 * The next slice's size from the last one's: twice as many while a slice takes under half the
 * budget, half as many (never below one) when it took more than the budget.
 */
export const nextSliceSize = (size: number, tookMs: number): number => {
  if (tookMs < SLICE_BUDGET_MS / 2) return size * 2;
  if (tookMs > SLICE_BUDGET_MS) return Math.max(1, Math.floor(size / 2));
  return size;
};

/**
 * How many of `items` to render: `first` at once, the rest in later tasks, each slice as large
 * as this device renders within SLICE_BUDGET_MS. A long list (a page of product cards) is then
 * built in pieces a slow phone answers taps between, instead of one long task (issue 35). Other
 * `items` (the next page of results) start again from `first`.
 */
export const useRevealedCount = (items: readonly unknown[], first: number): number => {
  const [revealed, setRevealed] = useState({ items, count: first });
  const count = Math.min(items.length, revealed.items === items ? revealed.count : first);
  const sliceSize = useRef(1);
  const sliceStarted = useRef<number>(undefined);

  // after the render a slice asked for: size the next one by what this one took
  useLayoutEffect(() => {
    if (sliceStarted.current === undefined) return;
    sliceSize.current = nextSliceSize(sliceSize.current, performance.now() - sliceStarted.current);
    sliceStarted.current = undefined;
  });

  useEffect(() => {
    if (count >= items.length) return;
    const timer = setTimeout(() => {
      sliceStarted.current = performance.now();
      setRevealed({ items, count: count + sliceSize.current });
    }, 0);
    return () => clearTimeout(timer);
  }, [items, count]);

  return count;
};

/**
 * While a list is revealed in slices, its container's `--revealed-item-height` is its first
 * item's height: the places of the items not rendered yet take it, so what follows the list
 * does not move as they come in (no layout shift).
 */
export const useRevealedItemHeight = (
  container: RefObject<HTMLElement | null>,
  isRevealing: boolean,
) => {
  useLayoutEffect(() => {
    const first = container.current?.firstElementChild;
    if (isRevealing && first instanceof HTMLElement) {
      container.current?.style.setProperty('--revealed-item-height', `${first.offsetHeight}px`);
    }
  }, [container, isRevealing]);
};
