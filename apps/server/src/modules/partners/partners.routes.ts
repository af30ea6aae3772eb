import { envelopeSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  approvePartnerInputSchema,
  partnerApplicationInputSchema,
  partnerApplicationListQuerySchema,
  partnerApplicationPageSchema,
  partnerApplicationReceiptSchema,
  partnerApplicationSchema,
  partnerFormOptionsSchema,
  partnerReviewResultSchema,
  rejectPartnerInputSchema,
} from '@esd/shared/partners/partners.schemas';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countries } from '../../db/schema';
import { auditActor } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { findPartnerApplication, listPartnerApplications } from './partners.repository';
import { createPartnersService } from './partners.service';

/** "Become a Partner": the public form (anonymous) and its review by global admins. */
export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const partners = createPartnersService(app);
  const review = { access: 'globalDistrict' as const };

  app.get(
    '/partners/form-options',
    {
      config: { access: 'anonymous' },
      schema: { tags: ['partners'], response: { 200: envelopeSchema(partnerFormOptionsSchema) } },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const rows = await app.db.select().from(countries).orderBy(asc(countries.nameEn));
      const options = rows.map((row) => ({
        id: row.id,
        name: { en: row.nameEn, ru: row.nameRu, az: row.nameAz }[lang],
      }));
      options.sort((a, b) => a.name.localeCompare(b.name, lang));
      return ok({ countries: options });
    },
  );

  app.post(
    '/partners/applications',
    {
      config: {
        access: 'anonymous',
        rateLimit: { max: app.config.PARTNER_APPLICATIONS_PER_HOUR, timeWindow: '1 hour' },
      },
      schema: {
        tags: ['partners'],
        body: partnerApplicationInputSchema,
        response: { 200: envelopeSchema(partnerApplicationReceiptSchema) },
      },
    },
    async (request) => {
      await partners.submit(request.body, {
        ip: request.ip,
        lang: requestLanguage(request),
        log: request.log,
      });
      return ok(
        { received: true as const },
        'Thank you: your application has been received. We have sent you a confirmation by e-mail.',
      );
    },
  );

  app.get(
    '/settings/partner-applications',
    {
      config: review,
      schema: {
        tags: ['partners'],
        querystring: partnerApplicationListQuerySchema,
        response: { 200: envelopeSchema(partnerApplicationPageSchema) },
      },
    },
    async (request) =>
      ok(
        await listPartnerApplications(app.db, {
          ...request.query,
          lang: requestLanguage(request),
        }),
      ),
  );

  app.get(
    '/settings/partner-applications/:id',
    {
      config: review,
      schema: {
        tags: ['partners'],
        params: idParamSchema,
        response: { 200: envelopeSchema(partnerApplicationSchema) },
      },
    },
    async (request) => {
      const application = await findPartnerApplication(
        app.db,
        request.params.id,
        requestLanguage(request),
      );
      if (!application) throw new AppError('NOT_FOUND', 'This partner application does not exist.');
      return ok(application);
    },
  );

  app.post(
    '/settings/partner-applications/:id/approve',
    {
      config: review,
      schema: {
        tags: ['partners'],
        params: idParamSchema,
        body: approvePartnerInputSchema,
        response: { 200: envelopeSchema(partnerReviewResultSchema) },
      },
    },
    async (request) =>
      ok(
        await partners.approve({
          id: request.params.id,
          input: request.body,
          actor: auditActor(request),
          lang: requestLanguage(request),
          log: request.log,
        }),
        'The application is approved: the dealer account was created and a set-password link sent.',
      ),
  );

  app.post(
    '/settings/partner-applications/:id/reject',
    {
      config: review,
      schema: {
        tags: ['partners'],
        params: idParamSchema,
        body: rejectPartnerInputSchema,
        response: { 200: envelopeSchema(partnerReviewResultSchema) },
      },
    },
    async (request) =>
      ok(
        await partners.reject({
          id: request.params.id,
          input: request.body,
          actor: auditActor(request),
          lang: requestLanguage(request),
          log: request.log,
        }),
        'The application is rejected and the applicant has been told why.',
      ),
  );
};
