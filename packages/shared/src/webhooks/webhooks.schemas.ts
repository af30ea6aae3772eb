import { z } from 'zod';
import { paginationQuerySchema } from '../api';
import { idTextSchema } from '../bounds';

/** The events a dealer's endpoint can subscribe to (issue 34). */
export const webhookEventTypes = [
  /** an order was placed (a cash order now waits for its payment) */
  'order.placed',
  /** an order was paid (a credit order at once, a cash order when its payment is confirmed) */
  'order.paid',
  /** an order is complete: its keys are ready to fetch */
  'order.completed',
  /** an order was cancelled */
  'order.cancelled',
  /** a return request of an order item was approved or rejected */
  'return.decided',
  /** an Adobe subscription comes up for renewal */
  'adobe.subscription.renewing',
] as const;
export const webhookEventTypeSchema = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed', 'gave_up'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** An endpoint's URL as given: http(s), at most 2,000 characters (the server checks the rest). */
const webhookUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'Enter an http(s) URL');

export const webhookEndpointInputSchema = z.object({
  url: webhookUrlSchema,
  events: z.array(webhookEventTypeSchema).min(1).max(webhookEventTypes.length),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInputSchema>;

/** An endpoint as its dealer sees it; its secret is shown only when made (create, roll). */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
  /** until when the previous secret still signs (a roll's overlap), or null */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** An endpoint with its secret, answered once: when it is created and when its secret rolls. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({
  secret: z.string(),
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** the `webhook-id` header: the same on every attempt */
  event_id: z.string(),
  event_type: z.union([webhookEventTypeSchema, z.literal('ping')]),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** the receiver's HTTP status of the last attempt, or null when it did not answer */
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = paginationQuerySchema;

export const webhookDeliveryParamsSchema = z.object({
  id: idTextSchema,
  deliveryId: idTextSchema,
});
