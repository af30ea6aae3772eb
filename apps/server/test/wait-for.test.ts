import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for';

describe('waitFor', () => {
  it('checks until the answer is truthy, answers it and checks no more', async () => {
    let checks = 0;
    const found = await waitFor(async () => (++checks >= 3 ? { id: checks } : undefined), {
      message: 'the third check',
      intervalMs: 1,
    });
    expect(found).toEqual({ id: 3 });
    expect(checks).toBe(3);
  });

  it('with until, answers the first value it accepts, even a falsy one', async () => {
    const values = [3, 2, 1, 0, -1];
    const found = await waitFor(async () => values.shift(), {
      until: (n) => n === 0,
      message: 'zero',
      intervalMs: 1,
    });
    expect(found).toBe(0);
    expect(values).toEqual([-1]);
  });

  it('fails after the timeout naming what it waited for and the last value seen', async () => {
    let checks = 0;
    const started = Date.now();
    const waiting = waitFor(async () => ({ status: 'in_progress', check: ++checks }), {
      until: (order) => order.status === 'completed',
      message: 'order 7 completed',
      timeoutMs: 200,
      intervalMs: 20,
    });
    await expect(waiting).rejects.toThrow(
      /^Timed out after 200 ms \(\d+ checks\) waiting for order 7 completed; last value: \{ status: 'in_progress', check: \d+ \}$/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(checks).toBeGreaterThan(1);
    await expect(waiting).rejects.toThrow(`check: ${checks} }`);
  });

  it('fails at once when a check throws, without checking again', async () => {
    let checks = 0;
    const waiting = waitFor(
      async () => {
        checks++;
        throw new Error('relation "ordrs" does not exist');
      },
      { message: 'a broken query', timeoutMs: 5000 },
    );
    await expect(waiting).rejects.toThrow('relation "ordrs" does not exist');
    expect(checks).toBe(1);
  });
});
