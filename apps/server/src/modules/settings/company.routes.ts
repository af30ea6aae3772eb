import { envelopeSchema } from '@esd/shared/api';
import {
  companySettingsAnswerSchema,
  companySettingsSchema,
} from '@esd/shared/invoices/invoices.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { createCompanyService } from './company.service';

/** Settings → Company: the seller's details every invoice and proforma invoice shows. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const company = createCompanyService({ db: app.db });

  app.get(
    '/settings/company',
    {
      config: access,
      schema: {
        tags: ['settings'],
        response: { 200: envelopeSchema(companySettingsAnswerSchema) },
      },
    },
    async () => ok(await company.get()),
  );

  app.put(
    '/settings/company',
    {
      config: access,
      schema: {
        tags: ['settings'],
        body: companySettingsSchema,
        response: { 200: envelopeSchema(companySettingsSchema) },
      },
    },
    async (request) =>
      ok(
        await company.save(auditActor(request), request.body),
        'The company details have been saved.',
      ),
  );
};
