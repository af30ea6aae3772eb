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
    requestIdHeader: 'x-request-id',
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

  it('makes request ids unique within a process and across processes', () => {
    const a = requestIdGenerator();
    const b = requestIdGenerator();
    const ids = new Set([...Array.from({ length: 1000 }, a), ...Array.from({ length: 1000 }, b)]);
    expect(ids.size).toBe(2000);
  });
});
