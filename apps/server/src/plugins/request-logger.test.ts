import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory, requestIdGenerator } from './request-logger';

const appLoggingAt = async (level: string) => {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level }, stream);
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof child>) => {
    children += 1;
    return child(...args);
  }) as typeof logger.child;
  const app = Fastify({
    loggerInstance: logger,
    disableRequestLogging: true,
    requestIdHeader: false,
    genReqId: requestIdGenerator(),
    childLoggerFactory: lazyChildLoggerFactory,
  });
  app.get('/quiet', async (request) => {
    request.log.debug('a detail');
    return { ok: true };
  });
  app.get('/loud', async (request) => {
    request.log.info({ part: 1 }, 'one');
    request.log.warn('two');
    return { ok: request.log.level };
  });
  await app.ready();
  children = 0; // Fastify makes children of its own while starting
  return { app, lines, children: () => children };
};

describe('request logger', () => {
  it('writes enabled lines with the request id and skips the rest without making a child', async () => {
    const { app, lines, children } = await appLoggingAt('warn');
    const quiet = await app.inject({ url: '/quiet' });
    expect(quiet.statusCode).toBe(200);
    expect(children()).toBe(0);
    expect(lines).toEqual([]);

    const loud = await app.inject({ url: '/loud', headers: { 'x-request-id': 'client-id-1' } });
    expect(loud.json()).toEqual({ ok: 'warn' });
    expect(children()).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'two', reqId: 'client-id-1', level: 40 });
    await app.close();
  });

  it('follows the level: at info both lines are written, each with its request id', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject({ url: '/loud' });
    await app.inject({ url: '/loud' });
    expect(lines.map((l) => l.msg)).toEqual(['one', 'two', 'one', 'two']);
    expect(lines[0]).toMatchObject({ part: 1, level: 30 });
    const [first, , second] = lines.map((l) => l.reqId as string);
    expect(first).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(second).not.toBe(first);
    await app.close();
  });

  it('keeps a short plain X-Request-Id and replaces one that is long, odd or like a token', async () => {
    const { app, lines } = await appLoggingAt('info');
    const resetToken = 'Xq3vR9kT2mPz8LwY4nB7cD1fG6hJ0sA5eU_tK-oIqWe';
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    const kept = ['client-id-1', 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', 'trace.42_x'];
    const replaced = [resetToken, jwt, 'x'.repeat(65), 'has space', 'semi;colon', 'ünï'];
    for (const id of [...kept, ...replaced]) {
      await app.inject({ url: '/loud', headers: { 'x-request-id': id } });
    }
    const ids = lines.filter((l) => l.msg === 'one').map((l) => l.reqId as string);
    expect(ids.slice(0, kept.length)).toEqual(kept);
    for (const id of ids.slice(kept.length)) expect(id).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    expect(JSON.stringify(lines)).not.toContain(resetToken);
    expect(JSON.stringify(lines)).not.toContain(jwt);
    await app.close();
  });

  it('makes request ids unique within a process and across processes', () => {
    const a = requestIdGenerator();
    const b = requestIdGenerator();
    const ids = new Set([...Array.from({ length: 1000 }, a), ...Array.from({ length: 1000 }, b)]);
    expect(ids.size).toBe(2000);
  });
});
