import type { FastifyInstance } from 'fastify';
import { localizedErrorMessage } from '../lib/error-language';

declare module 'fastify' {
  interface FastifyInstance {
    /** Graceful shutdown at the HTTP edge; server.ts begins it on SIGTERM (close-with-grace). */
    shutdown: { begin: () => void; readonly closing: boolean };
  }
}

/** The answer to a request that arrives while the process shuts down. */
const CLOSING_MESSAGE = 'The server is restarting. Try again.';
const UNAVAILABLE = { error: 'UNAVAILABLE' } as const;

/**
 * Added to the root before any other hook, so whether a request is served is decided the
 * moment it arrives: one that arrived before `begin()` runs to its normal answer, one that
 * arrives after (on a connection already open; the listener itself is closed by app.close)
 * gets 503 in the envelope. Every answer given while closing says `Connection: close`, and
 * keep-alive connections are closed as soon as they fall idle, so clients that keep their
 * connections open cannot hold the process past close-with-grace's delay.
 */
export const addShutdownGate = (app: FastifyInstance) => {
  let closing = false;
  let sweeper: NodeJS.Timeout | undefined;
  app.decorate('shutdown', {
    get closing() {
      return closing;
    },
    begin: () => {
      if (closing) return;
      closing = true;
      // Node closes the connections idle at server.close(); these fall idle later
      sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
      sweeper.unref();
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    const message = localizedErrorMessage(request, CLOSING_MESSAGE, UNAVAILABLE);
    reply.header('connection', 'close').status(503).send({ code: 503, message, data: UNAVAILABLE });
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', (_instance, done) => {
    if (sweeper) clearInterval(sweeper);
    done();
  });
};
