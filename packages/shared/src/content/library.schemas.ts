import { z } from 'zod';
import { paginationQuerySchema } from '../api';
import { languages } from '../constants';

export const libraryCategories = ['price_list', 'certificate', 'guide', 'other'] as const;
export type LibraryCategory = (typeof libraryCategories)[number];

/** Spec'd upload limit of a library document. */
export const LIBRARY_MAX_BYTES = 20 * 1024 * 1024;

/** The fields sent beside the file (multipart), or alone as JSON to edit a document. */
export const libraryMetaSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
  category: z.enum(libraryCategories),
  lang: z.enum(languages),
});
export type LibraryMeta = z.input<typeof libraryMetaSchema>;

export const libraryQuerySchema = paginationQuerySchema.extend({
  category: z.enum(libraryCategories).optional(),
  lang: z.enum(languages).optional(),
  q: z.string().trim().max(100).optional(),
});
export type LibraryQuery = z.infer<typeof libraryQuerySchema>;

/** The kinds of file the library accepts, told apart by their bytes. */
export const libraryFileKinds = [
  'pdf',
  'xlsx',
  'docx',
  'pptx',
  'xls',
  'doc',
  'ppt',
  'png',
  'jpg',
  'csv',
  'txt',
] as const;
export type LibraryFileKind = (typeof libraryFileKinds)[number];

export const libraryDocumentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(libraryCategories),
  lang: z.enum(languages),
  file_name: z.string(),
  mime_type: z.string(),
  kind: z.enum(libraryFileKinds),
  size_bytes: z.number().int(),
  sha256: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LibraryDocument = z.infer<typeof libraryDocumentSchema>;
