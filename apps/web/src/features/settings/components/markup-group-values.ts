import type { MarkupGroup } from '@esd/shared/catalogue/settings.schemas';
import { markupGroupInputSchema } from '@esd/shared/catalogue/settings.schemas';
import { i18n } from '@/lib/i18n/i18n';
import { schemaErrors } from '@/lib/schema-errors';

export type OverrideRow = { key: string; category_id: string | null; percent: string };
export type MarkupGroupFormValues = { name: string; percent: string; categories: OverrideRow[] };

let nextKey = 0;
/** Rows need a stable React key that is not their (changeable) category. */
export const newOverrideRow = (row: Partial<OverrideRow> = {}): OverrideRow => ({
  key: `row-${++nextKey}`,
  category_id: null,
  percent: '',
  ...row,
});

export const toMarkupGroupValues = (group: MarkupGroup | null): MarkupGroupFormValues =>
  group
    ? {
        name: group.name,
        percent: group.percent,
        categories: group.categories.map((c) =>
          newOverrideRow({ category_id: String(c.category_id), percent: c.percent }),
        ),
      }
    : { name: '', percent: '', categories: [] };

export const toMarkupGroupInput = (values: MarkupGroupFormValues) => ({
  name: values.name,
  percent: values.percent,
  categories: values.categories.map((row) => ({
    category_id: row.category_id ? Number(row.category_id) : undefined,
    percent: row.percent,
  })),
});

/** The shared schema's rules, plus one override per category. */
export const validateMarkupGroup = (values: MarkupGroupFormValues) => {
  const percent = i18n.t('validation.percent');
  const errors = schemaErrors(markupGroupInputSchema, toMarkupGroupInput(values), {
    percent,
    'categories.*.percent': percent,
  });
  const seen = new Set<string>();
  values.categories.forEach((row, index) => {
    if (!row.category_id) return;
    if (seen.has(row.category_id))
      errors[`categories.${index}.category_id`] ??= i18n.t('settings.markup.form.duplicate');
    seen.add(row.category_id);
  });
  return errors;
};
