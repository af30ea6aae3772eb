import type { Config } from './config/env';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { TokenService } from './lib/tokens';
import type { Mailer } from './plugins/mail';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** the time the services' rules read (BuildAppOptions.clock) */
    clock: Clock;
    tokens: TokenService;
    mailer: Mailer;
  }
}
