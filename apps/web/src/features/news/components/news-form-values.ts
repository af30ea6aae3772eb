import type { NewsInput, NewsSettings, NewsStatus } from '@esd/shared/content/news.schemas';
import { fromDateTimeInput, toDateTimeInput } from '@esd/shared/format/format';

export type NewsFormValues = {
  title: { en: string; ru: string; az: string };
  body: { en: string; ru: string; az: string };
  status: NewsStatus;
  /** `YYYY-MM-DDTHH:mm` in Baku time, the portal's clock (a datetime-local input) */
  publish_at: string;
};

export const emptyNewsValues = (): NewsFormValues => ({
  title: { en: '', ru: '', az: '' },
  body: { en: '', ru: '', az: '' },
  status: 'draft',
  publish_at: toDateTimeInput(new Date()),
});

export const newsValuesOf = (article: NewsSettings): NewsFormValues => ({
  title: { ...article.title },
  body: { ...article.body },
  status: article.status,
  publish_at: toDateTimeInput(new Date(article.publish_at)),
});

export const newsInputOf = (values: NewsFormValues): NewsInput => ({
  title: values.title,
  body: values.body,
  status: values.status,
  publish_at: fromDateTimeInput(values.publish_at),
});
