import { type AccessRule, canAccess, type Role } from '../access/access.rules';
import type { NoticeKind } from './notifications.schemas';

/**
 * The kinds of mail each role is sent: a global admin all of them; a local admin those about
 * orders and applications of its countries (key stock, events and their prizes are kept by
 * global admins alone); nobody else any.
 */
const kindsByRole: Record<Role, readonly NoticeKind[]> = {
  gd: ['return_requested', 'partner_application', 'cash_digest', 'low_stock', 'prize_claimed'],
  ld: ['return_requested', 'partner_application', 'cash_digest'],
  d: [],
  u: [],
};

export const noticeKindsFor = (role: Role): readonly NoticeKind[] => kindsByRole[role];

/**
 * The web pages the admins' mails link to, with the access rule of each (spec 2; the web's
 * config/paths.ts gives each path the same rule, which a web test checks).
 */
export const noticePages = {
  orders: { path: '/pages/orders', access: 'public' },
  partners: { path: '/pages/settings/partners', access: 'globalDistrict' },
  users: { path: '/pages/settings/users', access: 'allWithoutUser' },
  products: { path: '/pages/settings/products', access: 'globalDistrict' },
  wonPrizes: { path: '/pages/settings/winned/prizes', access: 'globalDistrict' },
} as const satisfies Record<string, { path: string; access: AccessRule }>;
export type NoticePage = keyof typeof noticePages;

/**
 * The page a notice of `kind` links a recipient of `role` to, one that role may open (issue
 * 33): a partner application links its reviewers to the applications, and a local admin, who
 * may not open them, to its users, where the dealer appears once approved.
 */
export const noticePageFor = (kind: NoticeKind, role: Role): NoticePage => {
  switch (kind) {
    case 'return_requested':
    case 'cash_digest':
      return 'orders';
    case 'partner_application':
      return canAccess(noticePages.partners.access, role) ? 'partners' : 'users';
    case 'low_stock':
      return 'products';
    case 'prize_claimed':
      return 'wonPrizes';
  }
};
