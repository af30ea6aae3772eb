import { z } from 'zod';

/**
 * What admins are told of by mail (issue 21): a return asked for, a partner application, the
 * daily digest of cash orders waiting for payment confirmation, a key-stock product under its
 * reorder level, a prize claimed by a dealer (issue 33). Every kind is on until the admin
 * turns it off on its profile page.
 */
export const noticeKinds = [
  'return_requested',
  'partner_application',
  'cash_digest',
  'low_stock',
  'prize_claimed',
] as const;
export const noticeKindSchema = z.enum(noticeKinds);
export type NoticeKind = z.infer<typeof noticeKindSchema>;

/** One switch of the profile page: whether the admin gets this kind of mail. */
export const noticeSettingSchema = z.object({ kind: noticeKindSchema, enabled: z.boolean() });
export type NoticeSetting = z.infer<typeof noticeSettingSchema>;

/** The switches of the caller, only the kinds its role is sent (`noticeKindsFor`). */
export const noticeSettingsSchema = z.object({ settings: z.array(noticeSettingSchema) });
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;

/** Turns one kind on or off. */
export const saveNoticeSettingInputSchema = noticeSettingSchema.strict();
export type SaveNoticeSettingInput = z.infer<typeof saveNoticeSettingInputSchema>;

/** What waits for the calling admin, counted in its scope (a local admin: its countries). */
export const waitingCountsSchema = z.object({
  /** return requests awaiting a decision */
  return_requests: z.number().int().min(0),
  /** partner applications awaiting review */
  partner_applications: z.number().int().min(0),
  /** cash orders awaiting payment confirmation */
  cash_orders: z.number().int().min(0),
  /** active key-stock products with fewer available keys than their reorder level */
  low_stock_products: z.number().int().min(0),
});
export type WaitingCounts = z.infer<typeof waitingCountsSchema>;
