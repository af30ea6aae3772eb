// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStateResetOn } from './use-state-reset-on';

describe('useStateResetOn (issue 30: dialogs reset without silencing the hook rule)', () => {
  afterEach(cleanup);

  it('keeps the state while the key stays and starts again when the key changes', () => {
    const { result, rerender } = renderHook(
      ({ key }) => useStateResetOn<string | null>(null, key),
      { initialProps: { key: 'job-1' as string | null } },
    );
    act(() => result.current[1]('Refused: the job is gone'));
    rerender({ key: 'job-1' });
    expect(result.current[0]).toBe('Refused: the job is gone');

    rerender({ key: 'job-2' });
    expect(result.current[0]).toBeNull();

    act(() => result.current[1]('Refused again'));
    rerender({ key: null });
    expect(result.current[0]).toBeNull();
  });
});
