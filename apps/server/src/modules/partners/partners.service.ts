import type { Language } from '@esd/shared/constants';
import type {
  ApprovePartnerInput,
  PartnerApplicationValues,
  RejectPartnerInput,
} from '@esd/shared/partners/partners.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db, Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from '../../lib/pg-errors';
import { takeUses } from '../../lib/usage-limit';
import type { Mailer } from '../../plugins/mail';
import { issueSetPasswordLink } from '../auth';
import type { NotifyAdmins } from '../notifications';
import { insertAccount, markupGroupExists } from '../users';
import {
  applicationApprovedMail,
  applicationReceivedMail,
  applicationRejectedMail,
} from './partners.mail';
import {
  accountExists,
  countryExists,
  findCountries,
  findPartnerApplication,
  insertPartnerApplication,
  listPartnerApplications,
  lockPartnerApplication,
  markApproved,
  markRejected,
} from './partners.repository';

type Actor = { actorId: number | null; ip: string | null };

const DEALER_TYPE_ID = 3;

/** The answer to a duplicate; `field` and `reason` let the form point at the field. */
const duplicate = (field: 'voen' | 'email', reason: 'application' | 'account') => {
  if (reason === 'account') {
    return new AppError(
      'CONFLICT',
      'An account with this e-mail already exists. Sign in, or reset its password.',
      { field, reason },
    );
  }
  const name = field === 'voen' ? 'VÖEN' : 'e-mail';
  return new AppError(
    'CONFLICT',
    `An application with this ${name} is already waiting for review or approved.`,
    { field, reason },
  );
};

const unknownCountry = () =>
  new AppError('VALIDATION_FAILED', 'Country does not exist.', {
    issues: [{ path: 'body/country_id', message: 'Country does not exist' }],
  });

const notFound = () => new AppError('NOT_FOUND', 'This partner application does not exist.');

const notPending = (status: string) =>
  new AppError('INVALID_STATE', `This application has already been ${status}.`, { status });

export const createPartnersService = ({
  db,
  mailer,
  clock,
  config,
  notifyAdmins,
}: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'PARTNER_APPLICATIONS_PER_HOUR'>;
  /** tells the admins of a new application (after it is stored) */
  notifyAdmins: NotifyAdmins;
}) => {
  /** Mail goes out after the commit; a failure is logged and reported, the change stands. */
  const sendMail = async (
    to: string,
    mail: { subject: string; text: string; html: string },
    log: FastifyBaseLogger,
  ) => {
    try {
      await mailer.send({ to, ...mail });
      return true;
    } catch (error) {
      log.error({ err: error }, 'partner application mail failed');
      return false;
    }
  };

  const lockPending = async (tx: Tx, id: number) => {
    const row = await lockPartnerApplication(tx, id);
    if (!row) throw notFound();
    if (row.status !== 'pending') throw notPending(row.status);
    return row;
  };

  return {
    /** The form's countries, named and sorted in the reader's language. */
    formOptions: async (lang: Language) => {
      const rows = await findCountries(db);
      const options = rows.map((row) => ({
        id: row.id,
        name: { en: row.nameEn, ru: row.nameRu, az: row.nameAz }[lang],
      }));
      options.sort((a, b) => a.name.localeCompare(b.name, lang));
      return { countries: options };
    },

    list: (query: Parameters<typeof listPartnerApplications>[1]) =>
      listPartnerApplications(db, query),

    get: async (id: number, lang: Language) => {
      const application = await findPartnerApplication(db, id, lang);
      if (!application) throw notFound();
      return application;
    },

    /**
     * Stores an application and acknowledges it by mail. A filled honeypot gets the same answer
     * with nothing stored or sent. Duplicates are refused by the partial unique indexes, so two
     * identical submissions at once store exactly one.
     */
    submit: async (
      input: PartnerApplicationValues,
      meta: { ip: string; lang: Language; log: FastifyBaseLogger },
    ) => {
      // counted in the database, so every process shares one limit per address; a honeypot
      // submission counts too, so a bot learns nothing from the answers
      await takeUses(db, [
        {
          key: `partner-application:ip:${meta.ip}`,
          max: config.PARTNER_APPLICATIONS_PER_HOUR,
          windowSeconds: 3600,
          message: 'Too many applications from this address: try again in {minutes} minutes.',
        },
      ]);
      if (input.website?.trim()) {
        meta.log.warn({ ip: meta.ip }, 'partner application honeypot filled: dropped');
        return;
      }
      if (!(await countryExists(db, input.country_id))) throw unknownCountry();
      if (await accountExists(db, input.email)) throw duplicate('email', 'account');
      const lang = input.lang ?? meta.lang;
      let applicationId: number;
      try {
        applicationId = await insertPartnerApplication(db, {
          companyName: input.company_name,
          voen: input.voen,
          contractNumber: input.contract_number,
          contractStartDate: input.contract_start_date,
          mpnId: input.mpn_id,
          fullName: input.full_name,
          email: input.email,
          phone: input.phone,
          finCode: input.fin_code,
          countryId: input.country_id,
          region: input.region,
          city: input.city,
          addressLine1: input.address_line1,
          addressLine2: input.address_line2,
          postalCode: input.postal_code,
          position: input.position,
          contactNumber: input.contact_number,
          lang,
          ip: meta.ip.slice(0, 64),
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          const constraint = violatedConstraint(error);
          throw duplicate(constraint?.includes('voen') ? 'voen' : 'email', 'application');
        }
        if (isForeignKeyViolation(error)) throw unknownCountry();
        throw error;
      }
      await notifyAdmins({ kind: 'partner_application', applicationId });
      await sendMail(
        input.email,
        applicationReceivedMail(lang, {
          fullName: input.full_name,
          companyName: input.company_name,
        }),
        meta.log,
      );
    },

    /**
     * Turns a pending application into a dealer account (type 3) with the given settings, in one
     * transaction with its audit entries and set-password link; then mails the link.
     */
    approve: async (options: {
      id: number;
      input: ApprovePartnerInput;
      actor: Actor;
      lang: Language;
      log: FastifyBaseLogger;
    }) => {
      const { id, input, actor } = options;
      const { application, link } = await db.transaction(async (tx) => {
        const application = await lockPending(tx, id);
        if (input.markup_group_id && !(await markupGroupExists(tx, input.markup_group_id))) {
          throw new AppError('VALIDATION_FAILED', 'Markup group does not exist.', {
            issues: [{ path: 'body/markup_group_id', message: 'Markup group does not exist' }],
          });
        }
        if (await accountExists(tx, application.email)) throw duplicate('email', 'account');
        const account = {
          email: application.email,
          name: application.companyName,
          typeId: DEALER_TYPE_ID,
          lang: application.lang,
          countryId: application.countryId,
          creditLimit: input.credit_limit ?? '0',
          markupGroupId: input.markup_group_id ?? null,
          needAznCash: input.need_azn_cash ?? false,
          needAznCredit: input.need_azn_credit ?? false,
          hasAdobeAccount: input.has_adobe_account ?? false,
        };
        let userId: number;
        try {
          userId = await insertAccount(tx, account);
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicate('email', 'account');
          throw error;
        }
        await markApproved(tx, id, { userId, reviewedBy: actor.actorId });
        await writeAudit(tx, actor, {
          action: 'user.create',
          entityType: 'user',
          entityId: userId,
          after: {
            email: account.email,
            name: account.name,
            type_id: account.typeId,
            country_id: account.countryId,
            credit_limit: account.creditLimit,
            markup_group_id: account.markupGroupId,
            need_azn_cash: account.needAznCash,
            need_azn_credit: account.needAznCredit,
            has_adobe_account: account.hasAdobeAccount,
            partner_application_id: id,
          },
        });
        await writeAudit(tx, actor, {
          action: 'partner_application.approve',
          entityType: 'partner_application',
          entityId: id,
          before: { status: 'pending' },
          after: { status: 'approved', user_id: userId },
        });
        const link = await issueSetPasswordLink(tx, {
          userId,
          publicUrl: config.publicUrl,
          kind: 'first',
          now: clock.now(),
        });
        return { application, link };
      });
      const mailSent = await sendMail(
        application.email,
        applicationApprovedMail(application.lang as Language, application, link),
        options.log,
      );
      return {
        application: (await findPartnerApplication(db, id, options.lang))!,
        mail_sent: mailSent,
      };
    },

    /** Declines a pending application and mails the reason in the applicant's language. */
    reject: async (options: {
      id: number;
      input: RejectPartnerInput;
      actor: Actor;
      lang: Language;
      log: FastifyBaseLogger;
    }) => {
      const { id, input, actor } = options;
      const application = await db.transaction(async (tx) => {
        const application = await lockPending(tx, id);
        await markRejected(tx, id, { rejectReason: input.reason, reviewedBy: actor.actorId });
        await writeAudit(tx, actor, {
          action: 'partner_application.reject',
          entityType: 'partner_application',
          entityId: id,
          before: { status: 'pending' },
          after: { status: 'rejected', reason: input.reason },
        });
        return application;
      });
      const mailSent = await sendMail(
        application.email,
        applicationRejectedMail(application.lang as Language, application, input.reason),
        options.log,
      );
      return {
        application: (await findPartnerApplication(db, id, options.lang))!,
        mail_sent: mailSent,
      };
    },
  };
};
