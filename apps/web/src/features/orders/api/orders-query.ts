import type { orderListQuerySchema } from '@esd/shared/orders/orders.schemas';
import type { z } from 'zod';

/** What GET /api/orders is sent: what orderListQuerySchema of the shared contract reads. */
export type OrdersQuery = z.infer<typeof orderListQuerySchema>;
