import { envelopeSchema } from '@esd/shared/api';
import { orderSettingsSchema } from '@esd/shared/orders/orders.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/errors';
import { readOrderSettings, writeOrderSettings } from './order-settings';

/** The return window of returnable products. */
export const orderSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const response = { 200: envelopeSchema(orderSettingsSchema) };

  app.get(
    '/settings/orders',
    { config: access, schema: { tags: ['settings'], response } },
    async () => ok(await readOrderSettings(app.db)),
  );

  app.put(
    '/settings/orders',
    { config: access, schema: { tags: ['settings'], body: orderSettingsSchema, response } },
    async ({ body }) => {
      await writeOrderSettings(app.db, body);
      return ok(body, 'The order settings have been saved.');
    },
  );
};
