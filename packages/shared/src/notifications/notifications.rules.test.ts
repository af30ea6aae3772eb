import { describe, expect, it } from 'vitest';
import { canAccess, roles } from '../access/access.rules';
import { noticeKindsFor, noticePageFor, noticePages } from './notifications.rules';
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

describe('[notifications] the page a notice links to', () => {
  it('links every recipient of every kind to a page its role may open', () => {
    for (const role of roles) {
      for (const kind of noticeKindsFor(role)) {
        const page = noticePages[noticePageFor(kind, role)];
        expect(canAccess(page.access, role), `${kind} to ${role}: ${page.path}`).toBe(true);
      }
    }
  });

  it('links each kind to the page where what it tells of waits', () => {
    expect(noticeKinds.map((kind) => [kind, noticePageFor(kind, 'gd')])).toEqual([
      ['return_requested', 'orders'],
      ['partner_application', 'partners'],
      ['cash_digest', 'orders'],
      ['low_stock', 'products'],
      ['prize_claimed', 'wonPrizes'],
    ]);
  });

  it('links a partner application to the applications for a global admin, to its users for a local one', () => {
    expect(noticePageFor('partner_application', 'gd')).toBe('partners');
    expect(noticePageFor('partner_application', 'ld')).toBe('users');
    expect(canAccess(noticePages.partners.access, 'ld')).toBe(false);
  });
});
