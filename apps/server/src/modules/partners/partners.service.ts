import { isLanguage, type Language } from '@esd/shared/constants';
import type {
  ApprovePartnerInput,
  PartnerApplicationValues,
  RejectPartnerInput,
} from '@esd/shared/partners/partners.schemas';
import { DEALER_ADDRESS_MAX } from '@esd/shared/users/users.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db, Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isForeignKeyViolation, isUniqueViolation, violatedConstraint } from '../../lib/pg-errors';
import { portalLink } from '../../lib/portal-link';
import { takeUses } from '../../lib/usage-limit';
import type { Mailer } from '../../plugins/mail';
import { issueSetPasswordLink } from '../auth';
import type { NotifyAdmins } from '../notifications';
import { insertAccount, markupGroupExists } from '../users';
import {
  applicationApprovedMail,
  applicationForKnownAddressMail,
  applicationReceivedMail,
  applicationRejectedMail,
} from './partners.mail';
import {
  accountExists,
  countryExists,
  findAccountByEmail,
  findCountries,
  findPartnerApplication,
  insertPartnerApplication,
  listPartnerApplications,
  lockPartnerApplication,
  markApproved,
  markRejected,
  openApplicationHasVoen,
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

/**
 * The street address of an approved partner as its dealer account keeps it for invoices: the
 * application's lines, city, region (unless it is the city) and postal code; the country is the
 * account's own. Migration 0037 wrote the same for partners approved before.
 */
const dealerAddress = (a: {
  addressLine1: string;
  addressLine2: string;
  city: string;
  region: string;
  postalCode: string;
}) =>
  [a.addressLine1, a.addressLine2, a.city, a.region === a.city ? '' : a.region, a.postalCode]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ')
    .slice(0, DEALER_ADDRESS_MAX) || null;

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

  /**
   * A mail the public form sends, after the answer: how long sending takes, or whether it fails,
   * must not tell whoever typed the address anything (issue 32).
   */
  const sendLater = (
    to: string,
    mail: { subject: string; text: string; html: string },
    log: FastifyBaseLogger,
  ) => {
    setImmediate(() => void sendMail(to, mail, log));
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
     * identical submissions at once store exactly one. An address that already has an account
     * or an open application gets the usual answer too, and its owner a mail saying so (issue
     * 32: the form told anyone which addresses have accounts); only a VÖEN taken is told.
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
      const lang = input.lang ?? meta.lang;
      // an address with an account gets the same answer as any other; its owner is told by mail
      const account = await findAccountByEmail(db, input.email);
      if (account) {
        const accountLang = isLanguage(account.lang) ? account.lang : 'en';
        sendLater(
          input.email,
          applicationForKnownAddressMail(accountLang, {
            name: account.name,
            known: 'account',
            loginUrl: portalLink(config.publicUrl, '/pages/login', accountLang),
          }),
          meta.log,
        );
        return;
      }
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
          // a VÖEN is a company's public number: the form may say it is taken; an e-mail
          // address may not, so its owner is told by mail and the answer is the usual one
          if (
            violatedConstraint(error)?.includes('voen') ||
            (await openApplicationHasVoen(db, input.voen))
          )
            throw duplicate('voen', 'application');
          sendLater(
            input.email,
            applicationForKnownAddressMail(lang, {
              name: input.full_name,
              known: 'application',
              loginUrl: portalLink(config.publicUrl, '/pages/login', lang),
            }),
            meta.log,
          );
          return;
        }
        if (isForeignKeyViolation(error)) throw unknownCountry();
        throw error;
      }
      // after the answer too: queueing the admins' notice takes longer than the account lookup,
      // and the time of the answer must not tell an address with an account from a new one
      setImmediate(() =>
        notifyAdmins({ kind: 'partner_application', applicationId }).catch((error: unknown) =>
          meta.log.error({ err: error }, 'partner application notice to admins failed'),
        ),
      );
      sendLater(
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
          // the buyer's details of its invoices (issue 33), editable later on the users page
          voen: application.voen,
          address: dealerAddress(application),
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
            voen: account.voen,
            address: account.address,
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
          lang: application.lang as Language,
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
