/**
 * What readers see of the news depends on the app's clock, not the database's `now()`: the
 * suite runs in 2031 and moves the clock across an article's publish_at to the millisecond.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { settableClock } from '../../../test/settable-clock';

const START = new Date('2031-05-20T08:00:00.000Z');
const MINUTE = 60_000;
const after = (ms: number) => new Date(START.getTime() + ms);
const texts = (en: string) => ({ en, ru: `${en} (ru)`, az: `${en} (az)` });

describe.each(dbKinds)('[news] publishing by the app clock on %s', (kind) => {
  let ctx: TestContext;
  const clock = settableClock(START);

  beforeAll(async () => {
    ctx = await createTestContext(kind, { clock });
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('shows an article with a future publish_at to readers once the clock reaches it', async () => {
    clock.set(START);
    const gd = await as(ctx, 'gd@example.com');
    const publishAt = after(30 * MINUTE);
    const created = await gd.post('/api/settings/news', {
      title: texts('Autumn price list'),
      body: texts('New prices from the first of the month.'),
      status: 'published',
      publish_at: publishAt.toISOString(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const dealer = await as(ctx, 'dealer@example.com');
    const listed = async () =>
      ((await dealer.get('/api/news?perPage=100')).json().data.items as { id: number }[]).map(
        (item) => item.id,
      );

    clock.set(new Date(publishAt.getTime() - 1));
    expect(await listed()).not.toContain(id);
    expect((await dealer.get(`/api/news/${id}`)).statusCode).toBe(404);
    // the global admin previews it meanwhile
    expect((await gd.get(`/api/news/${id}`)).json().data.status).toBe('published');

    clock.set(publishAt);
    expect(await listed()).toContain(id);
    const read = await dealer.get(`/api/news/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      id,
      title: 'Autumn price list',
      publish_at: publishAt.toISOString(),
    });
  });
});
