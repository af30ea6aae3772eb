import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes';

describe('[users][audit] changes of an entry', () => {
  it('lists each field with its value before and after', () => {
    expect(
      auditChanges({ credit_limit: '2000.00' }, { credit_limit: '2500.00', is_active: false }),
    ).toEqual([
      { field: 'credit_limit', before: '2000.00', after: '2500.00' },
      { field: 'is_active', before: null, after: 'false' },
    ]);
  });

  it('shows a creation, a deletion and lists', () => {
    expect(auditChanges(null, { countries: [1, 2] })).toEqual([
      { field: 'countries', before: null, after: '[1,2]' },
    ]);
    expect(auditChanges({ name: 'Gold' }, null)).toEqual([
      { field: 'name', before: 'Gold', after: null },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges(null, 'x')).toEqual([{ field: 'value', before: null, after: 'x' }]);
  });
});
