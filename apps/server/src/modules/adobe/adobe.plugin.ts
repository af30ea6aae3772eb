import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AdobeClient, createAdobeClient } from './adobe.client';
import { createAdobeSandbox } from './sandbox';

declare module 'fastify' {
  interface FastifyInstance {
    adobe: AdobeClient;
  }
}

/** Adobe's partner API from configuration; without ADOBE_API_URL, a local sandbox in this process. */
export const adobePlugin = fp(
  async (app: FastifyInstance) => {
    const c = app.config;
    const credentials = {
      clientId: c.ADOBE_CLIENT_ID,
      clientSecret: c.ADOBE_CLIENT_SECRET,
      apiKey: c.ADOBE_API_KEY,
      resellerId: c.ADOBE_RESELLER_ID,
    };
    let apiUrl = c.ADOBE_API_URL?.replace(/\/$/, '');
    if (!apiUrl) {
      const sandbox = await createAdobeSandbox({
        dataDir: c.dataDir,
        ...credentials,
        // the demo customers' subscriptions come with the demo data
        demo: c.SEED_DEMO !== false,
      });
      app.addHook('onClose', async () => sandbox.close());
      apiUrl = sandbox.url;
    }
    const imsUrl = c.ADOBE_IMS_URL?.replace(/\/$/, '') ?? apiUrl;
    app.decorate('adobe', createAdobeClient({ apiUrl, imsUrl, ...credentials }));
  },
  { name: 'adobe', dependencies: ['config'] },
);
