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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { createPartnersService } from './partners.service';

/** "Become a Partner": the public form (anonymous) and its review by global admins. */
export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const partners = createPartnersService({
    db: app.db,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
    notifyAdmins: app.notifyAdmins,
  });
  const review = { access: 'globalDistrict' as const };
  /** Who decides on an application, in which language their answer goes, and where it logs. */
  const reviewer = (request: FastifyRequest) => ({
    actor: auditActor(request),
    lang: requestLanguage(request),
    log: request.log,
  });

  app.get(
    '/partners/form-options',
    {
      config: { access: 'anonymous' },
      schema: { tags: ['partners'], response: { 200: envelopeSchema(partnerFormOptionsSchema) } },
    },
    async (request) => ok(await partners.formOptions(requestLanguage(request))),
  );

  app.post(
    '/partners/applications',
    {
      config: { access: 'anonymous', refusals: [429] },
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
        await partners.list({
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
    async (request) => ok(await partners.get(request.params.id, requestLanguage(request))),
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
          ...reviewer(request),
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
          ...reviewer(request),
        }),
        'The application is rejected and the applicant has been told why.',
      ),
  );
};
