/**
 * The bank's answer is read chunk by chunk and given up past FILE_MAX_BYTES, whatever it declares:
 * a loopback server sends an endless body without Content-Length.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CbarFetchError,
  CbarNoFileError,
  FILE_MAX_BYTES,
  fetchCbarFile,
  readLimited,
} from './cbar.client';

const CHUNK = 16 * 1024;

describe('[settings][rates] the central bank file is limited while it streams', () => {
  let server: Server;
  let url: string;
  /** bytes the endless answer wrote before the client went away */
  let written = 0;
  let closed: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url?.startsWith('/missing')) {
        response.writeHead(404).end('Not Found');
        return;
      }
      if (request.url?.startsWith('/small')) {
        response.writeHead(200, { 'content-type': 'text/xml' }).end('<ValCurs/>');
        return;
      }
      // no Content-Length: chunked, and it never ends by itself
      response.writeHead(200, { 'content-type': 'text/xml' });
      const chunk = Buffer.alloc(CHUNK, 'a');
      let stop = () => {};
      closed = new Promise((resolve) => {
        stop = resolve;
      });
      let open = true;
      response.on('close', () => {
        open = false;
        stop();
      });
      const pump = () => {
        while (open && response.write(chunk)) written += CHUNK;
        if (open) response.once('drain', pump);
      };
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads no more than the limit and one chunk of an endless stream', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        pulled += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK));
      },
    });
    const result = await readLimited(endless, FILE_MAX_BYTES);
    expect(result).toEqual({ tooLarge: true, read: FILE_MAX_BYTES + CHUNK });
    // the stream was asked for at most what it handed over, plus what its queue holds (one chunk)
    expect(pulled).toBeLessThanOrEqual(FILE_MAX_BYTES + 2 * CHUNK);
    const small = new ReadableStream<Uint8Array>({
      start: (controller) => {
        controller.enqueue(new TextEncoder().encode('<ValCurs/>'));
        controller.close();
      },
    });
    expect(await readLimited(small, FILE_MAX_BYTES)).toEqual({ bytes: Buffer.from('<ValCurs/>') });
  });

  it('gives up an endless answer without Content-Length, and closes it', async () => {
    const started = Date.now();
    const failure = await fetchCbarFile(`${url}/endless/{date}.xml`, '2026-11-21').catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CbarFetchError);
    expect((failure as Error).message).toMatch(/larger than 512 KB/);
    await closed;
    // the server stopped being read: it wrote the limit, what the sockets buffer, and no more
    expect(written).toBeLessThan(FILE_MAX_BYTES + 8 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('tells a file not out yet (404) from a small good answer', async () => {
    await expect(fetchCbarFile(`${url}/missing/{date}.xml`, '2026-11-21')).rejects.toBeInstanceOf(
      CbarNoFileError,
    );
    expect(await fetchCbarFile(`${url}/small/{date}.xml`, '2026-11-21')).toBe('<ValCurs/>');
  });
});
