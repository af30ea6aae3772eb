import { z } from 'zod';
import { paginationQuerySchema } from '../api';
import {
  displayNameSchema,
  idSchema,
  idTextSchema,
  internationalPhoneSchema,
  isVisibleText,
  timestampSchema,
} from '../bounds';
import { localizedName, localizedText } from '../catalogue/catalogue.schemas';
import {
  EVENT_STATUSES,
  MAX_EVENT_POINTS,
  PRIZE_SOURCES,
  WON_PRIZE_STATUSES,
} from './events.rules';

const id = idSchema;
const isoDateTime = timestampSchema;

export const eventStatusSchema = z.enum(EVENT_STATUSES);
export const wonPrizeStatusSchema = z.enum(WON_PRIZE_STATUSES);
export const prizeSourceSchema = z.enum(PRIZE_SOURCES);

// Settings: events (global district)
export const eventProductInputSchema = z.object({
  product_id: id,
  points: z.number().int().min(1).max(MAX_EVENT_POINTS),
});

export const eventInputSchema = z
  .object({
    title: localizedName,
    description: localizedText(5000),
    starts_at: isoDateTime,
    ends_at: isoDateTime,
    products: z.array(eventProductInputSchema).min(1, 'at least one product').max(200),
  })
  .superRefine((value, ctx) => {
    if (new Date(value.ends_at).getTime() <= new Date(value.starts_at).getTime()) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after the start' });
    }
    const seen = new Set<number>();
    value.products.forEach((p, index) => {
      if (seen.has(p.product_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['products', index, 'product_id'],
          message: 'listed twice',
        });
      }
      seen.add(p.product_id);
    });
  });
export type EventInput = z.infer<typeof eventInputSchema>;

export const eventSettingsSchema = z.object({
  id: z.number().int(),
  title: localizedName,
  description: localizedText(5000),
  starts_at: z.string(),
  ends_at: z.string(),
  awarded_at: z.string().nullable(),
  status: eventStatusSchema,
  image_url: z.string().nullable(),
  products: z.array(
    z.object({
      product_id: z.number().int(),
      sku: z.string(),
      title: z.string(),
      points: z.number().int(),
    }),
  ),
  prizes_count: z.number().int(),
  won_count: z.number().int(),
  /** rank prizes exist, the event has ended and nobody awarded them yet */
  can_award: z.boolean(),
});
export type EventSettings = z.infer<typeof eventSettingsSchema>;

export const eventsSettingsQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  status: eventStatusSchema.optional(),
});

export const awardResultSchema = z.object({
  awarded: z.number().int(),
  awarded_at: z.string(),
});
export type AwardResult = z.infer<typeof awardResultSchema>;

// Settings: prizes
export const prizeInputSchema = z
  .object({
    event_id: id,
    title: localizedName,
    description: localizedText(5000),
    points_needed: z.number().int().min(1).max(100_000_000).nullable(),
    rank: z.number().int().min(1).max(1000).nullable(),
    stock: z.number().int().min(0).max(100_000),
  })
  .superRefine((value, ctx) => {
    if ((value.points_needed === null) === (value.rank === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [value.points_needed === null ? 'points_needed' : 'rank'],
        message: 'give either the points needed or the rank, not both',
      });
    }
  });
export type PrizeInput = z.infer<typeof prizeInputSchema>;

export const prizeSettingsSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  event_title: z.string(),
  title: localizedName,
  description: localizedText(5000),
  points_needed: z.number().int().nullable(),
  rank: z.number().int().nullable(),
  stock: z.number().int(),
  image_url: z.string().nullable(),
  won_count: z.number().int(),
});
export type PrizeSettings = z.infer<typeof prizeSettingsSchema>;

export const prizesSettingsQuerySchema = paginationQuerySchema.extend({
  event_id: idTextSchema.optional(),
});

// Settings: won prizes
export const wonPrizesQuerySchema = paginationQuerySchema.extend({
  event_id: idTextSchema.optional(),
  dealer_id: idTextSchema.optional(),
  status: wonPrizeStatusSchema.optional(),
});
export type WonPrizesQuery = z.infer<typeof wonPrizesQuerySchema>;

export const wonPrizeUpdateSchema = z.object({
  status: wonPrizeStatusSchema,
  note: z.string().trim().max(1000).nullable().default(null),
});
export type WonPrizeUpdate = z.infer<typeof wonPrizeUpdateSchema>;

/** Bounds of the delivery details a dealer gives with a claim. */
export const PRIZE_CONTACT_NAME_MAX = 120;
export const PRIZE_ADDRESS_MIN = 5;
export const PRIZE_ADDRESS_MAX = 500;

/**
 * Where a claimed prize goes and whom the courier calls: asked when the dealer claims it,
 * validated by the same schema in the browser and on the server.
 */
export const prizeClaimInputSchema = z.object({
  contact_name: displayNameSchema(PRIZE_CONTACT_NAME_MAX),
  phone: internationalPhoneSchema('Phone'),
  address: z
    .string()
    .trim()
    .min(PRIZE_ADDRESS_MIN)
    .max(PRIZE_ADDRESS_MAX)
    .refine(isVisibleText, { message: 'must contain a visible letter or digit' }),
});
export type PrizeClaimInput = z.infer<typeof prizeClaimInputSchema>;

/** The delivery details stored with a claim; null for rank awards and claims made before them. */
export const prizeDeliverySchema = z
  .object({ contact_name: z.string(), phone: z.string(), address: z.string() })
  .nullable();
export type PrizeDelivery = z.infer<typeof prizeDeliverySchema>;

export const wonPrizeSchema = z.object({
  id: z.number().int(),
  prize_id: z.number().int(),
  prize_title: z.string(),
  prize_image_url: z.string().nullable(),
  event_id: z.number().int(),
  event_title: z.string(),
  dealer_id: z.number().int(),
  dealer_name: z.string(),
  dealer_email: z.string(),
  claimed_by_name: z.string().nullable(),
  source: prizeSourceSchema,
  points_spent: z.number().int(),
  rank: z.number().int().nullable(),
  status: wonPrizeStatusSchema,
  status_changed_at: z.string().nullable(),
  /** the admin's tracking note (a tracking number, a reason); the claiming dealer sees it */
  note: z.string().nullable(),
  delivery: prizeDeliverySchema,
  created_at: z.string(),
});
export type WonPrize = z.infer<typeof wonPrizeSchema>;

// Dealers and users: events, prizes, standing
export const eventsQuerySchema = paginationQuerySchema.extend({
  status: eventStatusSchema.default('current'),
});
export type EventsQuery = z.infer<typeof eventsQuerySchema>;

export const eventCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: eventStatusSchema,
  /** net points of the viewer's dealer in this event */
  my_points: z.number().int(),
  prizes_count: z.number().int(),
});
export type EventCard = z.infer<typeof eventCardSchema>;

/**
 * The viewer's dealer's own claim or rank award of a prize, as its event and prize pages show it:
 * where the delivery stands, cancelled ones included (the note may say why).
 */
const prizeHoldingSchema = z.object({
  source: prizeSourceSchema,
  status: wonPrizeStatusSchema,
  status_changed_at: z.string().nullable(),
  /** the admin's tracking note: shown to the dealer that holds the prize, null for its users */
  tracking_note: z.string().nullable(),
});
export type PrizeHolding = z.infer<typeof prizeHoldingSchema>;

export const prizeViewSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  points_needed: z.number().int().nullable(),
  rank: z.number().int().nullable(),
  stock: z.number().int(),
  /** the viewer's dealer holds this prize (not cancelled) */
  won: z.boolean(),
  /** the viewer's dealer's claim or award of this prize, whatever its status; null for none */
  my_prize: prizeHoldingSchema.nullable(),
});
export type PrizeView = z.infer<typeof prizeViewSchema>;

export const leaderSchema = z.object({
  rank: z.number().int(),
  dealer_id: z.number().int(),
  dealer_name: z.string(),
  points: z.number().int(),
  is_me: z.boolean(),
});
export type Leader = z.infer<typeof leaderSchema>;

export const standingSchema = z.object({
  dealer_id: z.number().int(),
  dealer_name: z.string(),
  /** earned − reversed */
  points: z.number().int(),
  /** points minus those spent on claims that stand */
  balance: z.number().int(),
  /** null until the dealer has points */
  rank: z.number().int().nullable(),
});
export type Standing = z.infer<typeof standingSchema>;

export const eventDetailSchema = eventCardSchema.extend({
  products: z.array(
    z.object({
      product_id: z.number().int(),
      sku: z.string(),
      title: z.string(),
      points: z.number().int(),
      image_url: z.string().nullable(),
    }),
  ),
  prizes: z.array(prizeViewSchema),
  leaderboard: z.array(leaderSchema),
  participants: z.number().int(),
  /** the viewer's dealer; null for admins */
  me: standingSchema.nullable(),
  /** the viewer may claim prizes (dealers only) */
  can_claim: z.boolean(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const prizeDetailSchema = prizeViewSchema.extend({
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    status: eventStatusSchema,
  }),
  me: standingSchema.nullable(),
  can_claim: z.boolean(),
});
export type PrizeDetail = z.infer<typeof prizeDetailSchema>;

export const eventPrizeParamsSchema = z.object({
  eventId: idTextSchema,
  prizeId: idTextSchema,
});

export const myPrizeSchema = z.object({
  id: z.number().int(),
  prize_id: z.number().int(),
  prize_title: z.string(),
  prize_image_url: z.string().nullable(),
  event_id: z.number().int(),
  event_title: z.string(),
  source: prizeSourceSchema,
  points_spent: z.number().int(),
  rank: z.number().int().nullable(),
  status: wonPrizeStatusSchema,
  status_changed_at: z.string().nullable(),
  /** the admin's tracking note: shown to the dealer that holds the prize, null for its users */
  tracking_note: z.string().nullable(),
  /** where it goes: shown to the dealer that holds the prize, null for its users */
  delivery: prizeDeliverySchema,
  created_at: z.string(),
});
export type MyPrize = z.infer<typeof myPrizeSchema>;
