import { newsInputSchema } from '@esd/shared/content/news.schemas';
import { describe, expect, it } from 'vitest';
import { emptyNewsValues, newsInputOf } from './news-form-values';

describe('[news] editor values', () => {
  it('turns a broken date into a value the shared schema refuses', () => {
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
