import { describe, expect, it } from 'vitest';
import { sharePercent } from './format-stats';

describe('statistics formatting', () => {
  it('rounds shares', () => {
    expect(sharePercent(2, 3)).toBe(67);
    expect(sharePercent(0, 0)).toBe(0);
  });
});
