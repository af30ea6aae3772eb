import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';

// The web build (apps/web/vite.config.ts) writes .br and .gz beside each hashed script; the
// server sends the one the browser accepts, cached for a year, and the page itself uncached.
describe('web assets', () => {
  const script = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'esd-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ESD</title>');
    const file = path.join(dist, 'assets', 'index-AbCd1234.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    ctx = await createTestContext('pglite', { seed: false, env: { WEB_DIST: dist } });
  });

  afterAll(async () => {
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (encoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/assets/index-AbCd1234.js',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('sends the brotli file to a browser that accepts it, cached for a year', async () => {
    const response = await get('gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gzipped = await get('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves a page path as the uncached app shell', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/pages/products' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>ESD</title>');
  });
});
