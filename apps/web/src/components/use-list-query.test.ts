import { describe, expect, it } from 'vitest';
import { isDecimalDraft, normalizeDecimalDraft } from './decimal-input';
import { clampPage, nextSort } from './use-list-query';

describe('nextSort', () => {
  it('starts a new column ascending and flips the current one', () => {
    expect(nextSort({ order: 'asc' }, 'code')).toEqual({ sort: 'code', order: 'asc' });
    expect(nextSort({ sort: 'name', order: 'desc' }, 'code')).toEqual({
      sort: 'code',
      order: 'asc',
    });
    expect(nextSort({ sort: 'code', order: 'asc' }, 'code')).toEqual({
      sort: 'code',
      order: 'desc',
    });
    expect(nextSort({ sort: 'code', order: 'desc' }, 'code')).toEqual({
      sort: 'code',
      order: 'asc',
    });
  });
});

describe('clampPage', () => {
  it('stays on a page that still has rows and falls back to the last one', () => {
    expect(clampPage(2, 25, 10)).toBe(2);
    expect(clampPage(3, 20, 10)).toBe(2);
    expect(clampPage(4, 0, 10)).toBe(1);
  });
});

describe('decimal drafts', () => {
  it('accepts what can still become an amount with the allowed decimals', () => {
    for (const draft of ['', '0', '12', '12.', '12.5', '12.50', '.5']) {
      expect(isDecimalDraft(draft, 2), draft).toBe(true);
    }
    for (const draft of ['12.505', '-1', '1e3', 'abc', '1.2.3', '12,5']) {
      expect(isDecimalDraft(draft, 2), draft).toBe(false);
    }
    expect(isDecimalDraft('1.7000', 4)).toBe(true);
    expect(isDecimalDraft('1.70001', 4)).toBe(false);
  });

  it('reads a decimal comma as a dot and drops spaces', () => {
    expect(normalizeDecimalDraft('1 234,5')).toBe('1234.5');
  });
});
