import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../src/db/schema';
import { type Response, refused, type ScopeChecks, type ScopeWorld } from './scope-world';

/** A public address written as an IP, so registering needs no DNS here. */
const PUBLIC_URL = 'https://93.184.216.34/hooks';

/** dealer2's endpoint with one delivery: what dealer must not see or touch. */
const otherDealersEndpoint = async ({ ctx, who }: ScopeWorld) => {
  const [endpoint] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      dealerId: who.d2.id,
      url: PUBLIC_URL,
      events: ['order.paid'],
      secret: `whsec_${Buffer.from('scope-check-secret-0123456789abc').toString('base64')}`,
    })
    .returning();
  const [delivery] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint!.id,
      eventId: `msg_scope${endpoint!.id}`,
      eventType: 'order.paid',
      payload: { type: 'order.paid' },
      status: 'succeeded',
      attempts: 1,
    })
    .returning();
  const state = async () =>
    ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
  return { id: endpoint!.id, deliveryId: delivery!.id, before: await state(), state };
};

/** A dealer's webhook endpoints and their logs: another dealer's are not found, and stay. */
export const webhookScopeChecks = (get: () => ScopeWorld): ScopeChecks => {
  const untouched = async (
    label: string,
    call: (other: Awaited<ReturnType<typeof otherDealersEndpoint>>) => Promise<Response>,
  ) => {
    const other = await otherDealersEndpoint(get());
    refused(await call(other), label);
    expect(await other.state()).toEqual(other.before);
  };
  return {
    'GET /api/dealer/webhooks': async () => {
      const world = get();
      const other = await otherDealersEndpoint(world);
      const listed = (await world.as.d.get('/api/dealer/webhooks')).json().data as { id: number }[];
      expect(listed.map((e) => e.id)).not.toContain(other.id);
      const own = (await world.as.d2.get('/api/dealer/webhooks')).json().data as { id: number }[];
      expect(own.map((e) => e.id)).toContain(other.id);
    },
    'POST /api/dealer/webhooks': async () => {
      const { as } = get();
      const created = await as.d.post('/api/dealer/webhooks', {
        url: PUBLIC_URL,
        events: ['order.placed'],
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id as number;
      const theirs = (await as.d2.get('/api/dealer/webhooks')).json().data as { id: number }[];
      expect(theirs.map((e) => e.id)).not.toContain(id);
    },
    'PUT /api/dealer/webhooks/{id}': () =>
      untouched('dealer edits dealer2 endpoint', ({ id }) =>
        get().as.d.put(`/api/dealer/webhooks/${id}`, {
          url: 'https://93.184.216.35/mine',
          events: ['order.completed'],
        }),
      ),
    'DELETE /api/dealer/webhooks/{id}': () =>
      untouched('dealer deletes dealer2 endpoint', ({ id }) =>
        get().as.d.del(`/api/dealer/webhooks/${id}`),
      ),
    'POST /api/dealer/webhooks/{id}/roll-secret': () =>
      untouched('dealer rolls dealer2 secret', ({ id }) =>
        get().as.d.post(`/api/dealer/webhooks/${id}/roll-secret`, {}),
      ),
    'POST /api/dealer/webhooks/{id}/enable': () =>
      untouched('dealer enables dealer2 endpoint', ({ id }) =>
        get().as.d.post(`/api/dealer/webhooks/${id}/enable`, {}),
      ),
    'POST /api/dealer/webhooks/{id}/ping': async () => {
      const world = get();
      const other = await otherDealersEndpoint(world);
      refused(
        await world.as.d.post(`/api/dealer/webhooks/${other.id}/ping`, {}),
        'dealer pings dealer2 endpoint',
      );
      const deliveries = await world.ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, other.id));
      expect(deliveries).toHaveLength(1);
    },
    'GET /api/dealer/webhooks/{id}/deliveries': async () => {
      const world = get();
      const other = await otherDealersEndpoint(world);
      refused(
        await world.as.d.get(`/api/dealer/webhooks/${other.id}/deliveries`),
        'dealer reads dealer2 log',
      );
      const own = await world.as.d2.get(`/api/dealer/webhooks/${other.id}/deliveries`);
      expect(own.json().data.total).toBe(1);
    },
    'POST /api/dealer/webhooks/{id}/deliveries/{deliveryId}/resend': async () => {
      const world = get();
      const other = await otherDealersEndpoint(world);
      refused(
        await world.as.d.post(
          `/api/dealer/webhooks/${other.id}/deliveries/${other.deliveryId}/resend`,
          {},
        ),
        'dealer resends dealer2 delivery',
      );
      const [delivery] = await world.ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, other.deliveryId));
      expect(delivery!.status).toBe('succeeded');
    },
  };
};
