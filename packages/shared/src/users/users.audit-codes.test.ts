import { describe, expect, it } from 'vitest';
import { auditReferences } from './users.audit-codes';

describe('[users][audit] references of an entry', () => {
  it('finds the record itself and every id field, in lists and nested items too', () => {
    expect(
      auditReferences({
        entity_type: 'user',
        entity_id: 12,
        before: { country_id: 1, markup_group_id: null, countries: [] },
        after: { country_id: 2, countries: [2, 3], dealer_id: 7, credit_limit: '10.00' },
      }),
    ).toEqual([
      { kind: 'user', id: 12 },
      { kind: 'country', id: 1 },
      { kind: 'country', id: 2 },
      { kind: 'country', id: 3 },
      { kind: 'user', id: 7 },
    ]);
    expect(
      auditReferences({
        entity_type: 'event',
        entity_id: 4,
        before: null,
        after: { awarded: 1, winners: [{ rank: 1, dealer_id: 9 }] },
      }),
    ).toEqual([
      { kind: 'event', id: 4 },
      { kind: 'user', id: 9 },
    ]);
  });

  it('names a dealer price by its product and ignores records without names', () => {
    expect(
      auditReferences({ entity_type: 'dealer_price', entity_id: 5, before: null, after: null }),
    ).toEqual([{ kind: 'product', id: 5 }]);
    expect(
      auditReferences({
        entity_type: 'markup_group',
        entity_id: null,
        before: { categories: [{ category_id: 3, percent: '1.00' }] },
        after: 'not an object',
      }),
    ).toEqual([{ kind: 'category', id: 3 }]);
    expect(
      auditReferences({
        entity_type: 'job',
        entity_id: null,
        before: { job_id: 'x' },
        after: null,
      }),
    ).toEqual([]);
  });
});
