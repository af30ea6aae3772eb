/** One changed field of an audit entry, its values as short text. */
export type AuditChange = { field: string; before: string | null; after: string | null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const show = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * The fields an entry touched, before and after. A created record has only `after`, a
 * deleted one only `before`; a value that is not an object is shown whole under "value".
 */
export const auditChanges = (before: unknown, after: unknown): AuditChange[] => {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return [
      {
        field: 'value',
        before: before == null ? null : show(before),
        after: after == null ? null : show(after),
      },
    ];
  }
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields.map((field) => ({
    field,
    before: field in was ? show(was[field]) : null,
    after: field in is ? show(is[field]) : null,
  }));
};
