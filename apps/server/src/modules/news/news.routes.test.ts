import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const imageUpload = (file: Buffer, type: string) => {
  const boundary = '----esdnewsboundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const article = (overrides: object = {}) => ({
  title: { en: 'Spring price list', ru: 'Весенний прайс-лист', az: 'Yaz qiymət siyahısı' },
  body: {
    en: 'First paragraph.\n\nSecond <b>paragraph</b>.',
    ru: 'Первый абзац.\n\nВторой абзац.',
    az: 'Birinci abzas.\n\nİkinci abzas.',
  },
  status: 'published',
  publish_at: new Date(Date.now() - 60_000).toISOString(),
  ...overrides,
});

describe.each(dbKinds)('[news] articles in three languages on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  it('lets only the global admin manage news, and any signed-in role read it', async () => {
    for (const email of ['ld@example.com', 'dealer@example.com', 'user@example.com']) {
      const other = await as(ctx, email);
      expect((await other.get('/api/settings/news')).statusCode, email).toBe(403);
      expect((await other.post('/api/settings/news', article())).statusCode, email).toBe(403);
      expect((await other.get('/api/news')).statusCode, email).toBe(200);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/news' })).statusCode).toBe(401);
  });

  it('creates, edits and deletes an article; requires the title in all three languages', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const missing = await gd.post(
      '/api/settings/news',
      article({ title: { en: 'Only English', ru: '', az: ' ' } }),
    );
    expect(missing.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
    const badDate = await gd.post('/api/settings/news', article({ publish_at: 'tomorrow' }));
    expect(badDate.statusCode).toBe(400);

    const created = (await gd.post('/api/settings/news', article({ status: 'draft' }))).json().data;
    expect(created).toMatchObject({ status: 'draft', title: { ru: 'Весенний прайс-лист' } });
    const edited = await gd.put(
      `/api/settings/news/${created.id}`,
      article({ title: { en: 'Summer price list', ru: 'Летний', az: 'Yay' } }),
    );
    expect(edited.json().data).toMatchObject({
      status: 'published',
      title: { en: 'Summer price list' },
    });
    expect((await gd.get(`/api/settings/news/${created.id}`)).json().data.title.az).toBe('Yay');
    expect((await gd.del(`/api/settings/news/${created.id}`)).statusCode).toBe(200);
    expect((await gd.get(`/api/settings/news/${created.id}`)).statusCode).toBe(404);
    expect((await gd.put('/api/settings/news/999999', article())).statusCode).toBe(404);
  });

  it('shows readers only published articles whose date has come, newest first, in their language', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const older = (
      await gd.post(
        '/api/settings/news',
        article({ publish_at: new Date(Date.now() - 3_600_000).toISOString() }),
      )
    ).json().data;
    const newer = (await gd.post('/api/settings/news', article())).json().data;
    const draft = (await gd.post('/api/settings/news', article({ status: 'draft' }))).json().data;
    const future = (
      await gd.post(
        '/api/settings/news',
        article({ publish_at: new Date(Date.now() + 86_400_000).toISOString() }),
      )
    ).json().data;

    const dealer = await as(ctx, 'dealer@example.com');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/news?perPage=100',
      headers: { authorization: `Bearer ${dealer.token}`, 'accept-language': 'ru' },
    });
    const ids = list.json().data.items.map((n: { id: number }) => n.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(future.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    const card = list.json().data.items.find((n: { id: number }) => n.id === newer.id);
    expect(card).toMatchObject({
      title: 'Весенний прайс-лист',
      excerpt: 'Первый абзац. Второй абзац.',
    });

    const page = (await dealer.get('/api/news?perPage=1&page=2')).json().data;
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(ids.length);

    const read = (await dealer.get(`/api/news/${newer.id}`)).json().data;
    expect(read.body).toBe('First paragraph.\n\nSecond <b>paragraph</b>.');
    expect((await dealer.get(`/api/news/${draft.id}`)).statusCode).toBe(404);
    expect((await dealer.get(`/api/news/${future.id}`)).statusCode).toBe(404);
    // the global admin previews drafts
    expect((await gd.get(`/api/news/${draft.id}`)).json().data.status).toBe('draft');
  });

  it('takes an image checked by its bytes and serves it', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const created = (await gd.post('/api/settings/news', article())).json().data;
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/api/settings/news/${created.id}/image`,
      headers: { ...bearer(gd.token), ...imageUpload(Buffer.from('<svg/>'), 'image/png').headers },
      payload: imageUpload(Buffer.from('<svg/>'), 'image/png').payload,
    });
    expect(forged.json()).toMatchObject({ code: 415, data: { error: 'INVALID_FILE' } });
    const upload = imageUpload(PNG_1x1, 'image/png');
    const saved = await ctx.app.inject({
      method: 'POST',
      url: `/api/settings/news/${created.id}/image`,
      headers: { ...bearer(gd.token), ...upload.headers },
      payload: upload.payload,
    });
    const url = saved.json().data.image_url as string;
    expect(url).toMatch(/^\/api\/files\/news\/[a-f0-9]{32}\.png$/);
    const image = await ctx.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const removed = await gd.del(`/api/settings/news/${created.id}/image`);
    expect(removed.json().data.image_url).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
