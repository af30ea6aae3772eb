import type { NewsInput, NewsSettings, NewsStatus } from '@esd/shared/content/news.schemas';

export type NewsFormValues = {
  title: { en: string; ru: string; az: string };
  body: { en: string; ru: string; az: string };
  status: NewsStatus;
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone (a datetime-local input) */
  publish_at: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

export const toLocalInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** A local date-time as ISO, or '' when it is not one (the schema then names the field). */
export const fromLocalInput = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
};

export const emptyNewsValues = (): NewsFormValues => ({
  title: { en: '', ru: '', az: '' },
  body: { en: '', ru: '', az: '' },
  status: 'draft',
  publish_at: toLocalInput(new Date()),
});

export const newsValuesOf = (article: NewsSettings): NewsFormValues => ({
  title: { ...article.title },
  body: { ...article.body },
  status: article.status,
  publish_at: toLocalInput(new Date(article.publish_at)),
});

export const newsInputOf = (values: NewsFormValues): NewsInput => ({
  title: values.title,
  body: values.body,
  status: values.status,
  publish_at: fromLocalInput(values.publish_at),
});
