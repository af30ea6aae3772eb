// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { nextSliceSize, SLICE_BUDGET_MS, useRevealedCount } from './use-revealed-count';

describe('nextSliceSize (issue 35: a long list in slices of at most the budget)', () => {
  it('doubles while slices are quick, halves when one took too long, never below one', () => {
    expect(nextSliceSize(2, SLICE_BUDGET_MS / 2 - 1)).toBe(4);
    expect(nextSliceSize(4, SLICE_BUDGET_MS)).toBe(4);
    expect(nextSliceSize(4, SLICE_BUDGET_MS + 1)).toBe(2);
    expect(nextSliceSize(1, SLICE_BUDGET_MS * 10)).toBe(1);
  });
});

describe('useRevealedCount', () => {
  afterEach(cleanup);

  it('renders the first items at once, then every item in later tasks', async () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const count = useRevealedCount(items, 2);
      seen.push(count);
      return count;
    });
    expect(seen[0]).toBe(2);
    await waitFor(() => expect(result.current).toBe(12));
    // it grew in steps, never past the list
    expect(seen.every((count, i) => i === 0 || count >= seen[i - 1]!)).toBe(true);
    expect(Math.max(...seen)).toBe(12);
  });

  it('starts again from the first items for another list, and never counts past a short one', async () => {
    const first = Array.from({ length: 6 }, (_, i) => i);
    const { result, rerender } = renderHook(({ items }) => useRevealedCount(items, 2), {
      initialProps: { items: first },
    });
    await waitFor(() => expect(result.current).toBe(6));

    const next = Array.from({ length: 6 }, (_, i) => i + 6);
    rerender({ items: next });
    expect(result.current).toBe(2);
    await waitFor(() => expect(result.current).toBe(6));

    rerender({ items: [1] });
    expect(result.current).toBe(1);
  });
});
