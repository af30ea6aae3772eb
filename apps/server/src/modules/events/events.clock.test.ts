/**
 * Whether an event is upcoming, current or past is read from the app's clock, in the lists'
 * SQL as in each event's status: the suite runs in 2031 and moves the clock across the window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createProduct, prizeClaimBody } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { settableClock } from '../../../test/settable-clock';

const START = new Date('2031-09-01T06:00:00.000Z');
const HOUR = 3_600_000;
const after = (ms: number) => new Date(START.getTime() + ms);
const texts = (en: string) => ({ en, ru: `${en} (ru)`, az: `${en} (az)` });

describe.each(dbKinds)('[events] the event window by the app clock on %s', (kind) => {
  let ctx: TestContext;
  const clock = settableClock(START);

  beforeAll(async () => {
    ctx = await createTestContext(kind, { clock });
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('lists an event as upcoming before its window, current inside it and past from its end', async () => {
    clock.set(START);
    const startsAt = after(HOUR);
    const endsAt = after(2 * HOUR);
    const productId = await createProduct(ctx, { sku: 'EVT-CLOCK' });
    const gd = await as(ctx, 'gd@example.com');
    const created = await gd.post('/api/settings/events', {
      title: texts('Clockwork race'),
      description: texts('One hour of points.'),
      starts_at: startsAt.toISOString(),
      ends_at: endsAt.toISOString(),
      products: [{ product_id: productId, points: 10 }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const eventId = created.json().data.id as number;
    expect(created.json().data.status).toBe('upcoming');
    const prize = await gd.post('/api/settings/prizes', {
      event_id: eventId,
      title: texts('Mug'),
      description: texts('Ceramic.'),
      points_needed: 10,
      rank: null,
      stock: 5,
    });
    expect(prize.statusCode, prize.body).toBe(200);
    const prizeId = prize.json().data.id as number;

    /** where the dealer's lists, the event page and the settings list put the event */
    const placeOfEvent = async () => {
      const dealer = await as(ctx, 'dealer@example.com');
      const admin = await as(ctx, 'gd@example.com');
      const listedIn = async (url: (status: string) => string, viewer: typeof dealer) => {
        const found: string[] = [];
        for (const status of ['upcoming', 'current', 'past']) {
          const page = (await viewer.get(url(status))).json().data as { items: { id: number }[] };
          if (page.items.some((item) => item.id === eventId)) found.push(status);
        }
        return found;
      };
      return {
        dealerLists: await listedIn((s) => `/api/events?status=${s}&perPage=100`, dealer),
        settingsLists: await listedIn((s) => `/api/settings/events?status=${s}&perPage=100`, admin),
        page: (await dealer.get(`/api/events/${eventId}`)).json().data.status,
        prizePage: (await dealer.get(`/api/events/${eventId}/prizes/${prizeId}`)).json().data.event
          .status,
        settings: (await admin.get(`/api/settings/events/${eventId}`)).json().data.status,
      };
    };
    const everywhere = (status: string) => ({
      dealerLists: [status],
      settingsLists: [status],
      page: status,
      prizePage: status,
      settings: status,
    });

    clock.set(new Date(startsAt.getTime() - 1));
    expect(await placeOfEvent()).toEqual(everywhere('upcoming'));
    const early = await (await as(ctx, 'dealer@example.com')).post(
      `/api/events/${eventId}/prizes/${prizeId}/claim`,
      prizeClaimBody,
    );
    expect(early.json()).toMatchObject({
      code: 422,
      message: 'The event has not started yet.',
      data: { error: 'PRIZE_NOT_CLAIMABLE', reason: 'not_started' },
    });

    clock.set(startsAt);
    expect(await placeOfEvent()).toEqual(everywhere('current'));
    const opened = await (await as(ctx, 'dealer@example.com')).post(
      `/api/events/${eventId}/prizes/${prizeId}/claim`,
      prizeClaimBody,
    );
    // the window is open: what stops the claim now is the dealer's points, not the date
    expect(opened.json()).toMatchObject({
      data: { error: 'PRIZE_NOT_CLAIMABLE', reason: 'not_enough_points' },
    });

    clock.set(new Date(endsAt.getTime() - 1));
    expect(await placeOfEvent()).toEqual(everywhere('current'));
    clock.set(endsAt);
    expect(await placeOfEvent()).toEqual(everywhere('past'));
  });
});
