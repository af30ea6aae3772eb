import { describe, expect, it } from 'vitest';
import { noticeKindsFor } from './notifications.rules';
import { noticeKinds } from './notifications.schemas';

describe('[notifications] kinds per role', () => {
  it('sends a global admin every kind', () => {
    expect([...noticeKindsFor('gd')].sort()).toEqual([...noticeKinds].sort());
  });

  it('keeps key stock from a local admin, which does not manage it', () => {
    expect(noticeKindsFor('ld')).toEqual([
      'return_requested',
      'partner_application',
      'cash_digest',
    ]);
  });

  it('sends dealers and end users nothing', () => {
    expect(noticeKindsFor('d')).toEqual([]);
    expect(noticeKindsFor('u')).toEqual([]);
  });
});
