import { z } from 'zod';
import { paginationQuerySchema } from '../api';
import { timestampSchema } from '../bounds';

export const newsStatuses = ['draft', 'published'] as const;
export type NewsStatus = (typeof newsStatuses)[number];

const title = z.string().trim().min(1).max(200);
const body = z.string().trim().max(50_000);

export const newsInputSchema = z.object({
  title: z.object({ en: title, ru: title, az: title }),
  body: z.object({ en: body, ru: body, az: body }),
  status: z.enum(newsStatuses),
  /** ISO date-time; readers see a published article from then on */
  publish_at: timestampSchema,
});
export type NewsInput = z.infer<typeof newsInputSchema>;

export const newsSettingsQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(newsStatuses).optional(),
});
export type NewsSettingsQuery = z.infer<typeof newsSettingsQuerySchema>;

/** An article as the admin edits it: every language. */
export const newsSettingsSchema = newsInputSchema.extend({
  id: z.number().int(),
  image_url: z.string().nullable(),
  author: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewsSettings = z.infer<typeof newsSettingsSchema>;

/** A card of the news list, in the request's language. */
export const newsCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  image_url: z.string().nullable(),
  publish_at: z.string(),
});
export type NewsCard = z.infer<typeof newsCardSchema>;

export const newsArticleSchema = newsCardSchema.extend({
  body: z.string(),
  status: z.enum(newsStatuses),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const EXCERPT_LENGTH = 220;

/** The start of a body for a card: whole words, up to `max` characters, with an ellipsis. */
export const excerptOf = (text: string, max = EXCERPT_LENGTH): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
};

/** Paragraphs of a plain-text body (blank lines separate them). */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
