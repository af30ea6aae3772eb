import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  wonPrizeSchema,
  wonPrizesQuerySchema,
  wonPrizeUpdateSchema,
} from '@esd/shared/events/events.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { createWonPrizesService } from './won-prizes.service';

export const wonPrizesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const won = createWonPrizesService({ db: app.db });

  app.get(
    '/settings/won-prizes',
    {
      config: access,
      schema: {
        tags: ['events'],
        querystring: wonPrizesQuerySchema,
        response: { 200: envelopeSchema(pageSchema(wonPrizeSchema)) },
      },
    },
    async (request) => ok(await won.list(request.query, requestLanguage(request))),
  );

  app.patch(
    '/settings/won-prizes/:id',
    {
      config: access,
      schema: {
        tags: ['events'],
        params: idParamSchema,
        body: wonPrizeUpdateSchema,
        response: { 200: envelopeSchema(wonPrizeSchema) },
      },
    },
    async (request) =>
      ok(
        await won.update(
          request.params.id,
          request.body,
          { actor: auditActor(request), actorId: requireSession(request).user.id },
          requestLanguage(request),
        ),
        'The prize status has been saved.',
      ),
  );
};
