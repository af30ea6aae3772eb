import type { Role } from '../access/access.rules';
import type { NoticeKind } from './notifications.schemas';

/**
 * The kinds of mail each role is sent: a global admin all of them; a local admin those about
 * orders and applications of its countries (key stock is kept by global admins alone); nobody
 * else any.
 */
const kindsByRole: Record<Role, readonly NoticeKind[]> = {
  gd: ['return_requested', 'partner_application', 'cash_digest', 'low_stock'],
  ld: ['return_requested', 'partner_application', 'cash_digest'],
  d: [],
  u: [],
};

export const noticeKindsFor = (role: Role): readonly NoticeKind[] => kindsByRole[role];
