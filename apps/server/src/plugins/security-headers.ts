import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config/env';

/** A strict policy: scripts only from this origin; the identity provider may be framed for silent renewal. */
export const securityHeaders = (config: Config): FastifyHelmetOptions => {
  const issuer = config.OIDC_ISSUER ? new URL(config.OIDC_ISSUER).origin : undefined;
  const extra = issuer ? [issuer] : [];
  return {
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra],
        frameSrc: ["'self'", ...extra],
        formAction: ["'self'", ...extra],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
  };
};
