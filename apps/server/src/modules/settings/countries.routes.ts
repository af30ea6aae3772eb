import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  countryInputSchema,
  countrySchema,
  settingsListQuerySchema,
} from '@esd/shared/catalogue/settings.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/errors';
import { createCountriesService } from './countries.service';

export const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const countries = createCountriesService({ db: app.db });

  app.get(
    '/settings/countries',
    {
      config: access,
      schema: {
        tags: ['settings'],
        querystring: settingsListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(countrySchema)) },
      },
    },
    async ({ query }) => ok(await countries.list(query)),
  );

  app.post(
    '/settings/countries',
    {
      config: access,
      schema: {
        tags: ['settings'],
        body: countryInputSchema,
        response: { 200: envelopeSchema(countrySchema) },
      },
    },
    async ({ body }) => ok(await countries.add(body), 'The country has been added.'),
  );

  app.put(
    '/settings/countries/:id',
    {
      config: access,
      schema: {
        tags: ['settings'],
        params: idParamSchema,
        body: countryInputSchema,
        response: { 200: envelopeSchema(countrySchema) },
      },
    },
    async ({ params, body }) =>
      ok(await countries.update(params.id, body), 'The country has been saved.'),
  );

  app.delete(
    '/settings/countries/:id',
    {
      config: access,
      schema: {
        tags: ['settings'],
        params: idParamSchema,
        response: { 200: envelopeSchema(countrySchema) },
      },
    },
    async ({ params }) => ok(await countries.remove(params.id), 'The country has been deleted.'),
  );
};
