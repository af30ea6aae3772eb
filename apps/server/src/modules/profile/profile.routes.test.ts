import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const multipart = (file: Buffer, filename: string, type: string) => {
  const boundary = '----esdtestboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};

describe.each(dbKinds)('[profile] information, password, photo and starred pages on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  it('changes name and language, and refuses an unknown language', async () => {
    const token = await ctx.login('user@example.com');
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { name: 'Leyla H.', lang: 'az' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ name: 'Leyla H.', lang: 'az' });
    const me = await ctx.app.inject({ url: '/api/auth/user', headers: bearer(token) });
    expect(me.json().data.lang).toBe('az');
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { name: 'X', lang: 'de' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('changes the password only with the current one and signs other sessions out', async () => {
    const other = await ctx.login('dealer2@example.com');
    const token = await ctx.login('dealer2@example.com');
    const change = (current_password: string, new_password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/profile/password',
        headers: bearer(token),
        payload: { current_password, new_password },
      });
    expect((await change('wrong-one', 'fresh-passphrase-1')).json()).toMatchObject({
      code: 422,
      data: { error: 'WRONG_PASSWORD' },
    });
    expect((await change('demo1234', 'qwerty123')).json().data.error).toBe('WEAK_PASSWORD');
    expect((await change('demo1234', 'short')).statusCode).toBe(400);
    const done = await change('demo1234', 'fresh-passphrase-1');
    expect(done.statusCode).toBe(200);
    const { token: newToken } = done.json().data;
    expect(
      (await ctx.app.inject({ url: '/api/auth/user', headers: bearer(other) })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/auth/user', headers: bearer(newToken) })).statusCode,
    ).toBe(200);
    await ctx.login('dealer2@example.com', 'fresh-passphrase-1');
  });

  it('stores a real image as the photo and refuses bytes that do not match their type', async () => {
    const token = await ctx.login('gd@example.com');
    const upload = (file: Buffer, name: string, type: string) => {
      const { body, contentType } = multipart(file, name, type);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/profile/photo',
        headers: { ...bearer(token), 'content-type': contentType },
        payload: body,
      });
    };
    const saved = await upload(PNG_1x1, 'me.png', 'image/png');
    expect(saved.statusCode).toBe(200);
    const url = saved.json().data.photo_url as string;
    expect(url).toMatch(/^\/api\/files\/avatars\/[a-f0-9]{32}\.png$/);
    const image = await ctx.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG_1x1)).toBe(true);

    const fake = await upload(Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png');
    expect(fake.json()).toMatchObject({ code: 415, data: { error: 'INVALID_FILE' } });
    const big = await upload(
      Buffer.concat([PNG_1x1, Buffer.alloc(3 * 1024 * 1024)]),
      'b.png',
      'image/png',
    );
    expect(big.json()).toMatchObject({ code: 415, data: { error: 'INVALID_FILE' } });
    const traversal = await ctx.app.inject({ url: '/api/files/avatars/..%2F..%2Fjwt-secret' });
    expect(traversal.statusCode).toBe(400);
  });

  it('keeps up to 10 starred pages per user', async () => {
    const token = await ctx.login('ld@example.com');
    const pages = Array.from({ length: 10 }, (_, i) => ({
      path: `/pages/news/${i}`,
      title: `News ${i}`,
    }));
    const put = (payload: object[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/profile/starred',
        headers: bearer(token),
        payload,
      });
    expect((await put(pages)).statusCode).toBe(200);
    const read = await ctx.app.inject({ url: '/api/profile/starred', headers: bearer(token) });
    expect(read.json().data).toHaveLength(10);
    expect((await put([...pages, { path: '/pages/orders', title: 'Orders' }])).statusCode).toBe(
      400,
    );
    expect((await put([{ path: 'javascript:alert(1)', title: 'x' }])).statusCode).toBe(400);
    const other = await ctx.login('gd@example.com');
    const theirs = await ctx.app.inject({ url: '/api/profile/starred', headers: bearer(other) });
    expect(theirs.json().data).toEqual([]);
  });
});
