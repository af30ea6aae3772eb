import { newsInputSchema } from '@esd/shared/content/news.schemas';
import { describe, expect, it } from 'vitest';
import { emptyNewsValues, fromLocalInput, newsInputOf, toLocalInput } from './news-form-values';

describe('[news] editor values', () => {
  it('round-trips a local date-time through ISO', () => {
    const local = '2026-03-01T09:30';
    expect(toLocalInput(new Date(fromLocalInput(local)))).toBe(local);
  });

  it('turns a broken date into a value the shared schema refuses', () => {
    expect(fromLocalInput('2026-13-01')).toBe('');
    const values = { ...emptyNewsValues(), publish_at: 'soon' };
    const result = newsInputSchema.safeParse(newsInputOf(values));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain('publish_at');
  });

  it('requires the title in every language', () => {
    const values = { ...emptyNewsValues(), title: { en: 'News', ru: '', az: 'Xəbər' } };
    const result = newsInputSchema.safeParse(newsInputOf(values));
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['title.ru']);
  });
});
