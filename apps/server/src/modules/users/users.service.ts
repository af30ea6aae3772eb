import type { UserTypeId } from '@esd/shared/access/access.rules';
import type { AppErrorCode } from '@esd/shared/api';
import { isLanguage, type Language } from '@esd/shared/constants';
import { fromCents, toCents } from '@esd/shared/shop/money';
import {
  type AccountField,
  type AccountRefusal,
  canAssignType,
  creatableTypeIds,
  fieldsForType,
  forbiddenFields,
} from '@esd/shared/users/users.rules';
import type {
  CreateUserInput,
  UpdateUserInput,
  UserListQuery,
} from '@esd/shared/users/users.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db, Tx } from '../../db/client';
import { changedFields, writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Session } from '../../plugins/auth';
import type { Mailer } from '../../plugins/mail';
import {
  accountInviteMail,
  invalidateResetTokens,
  issueSetPasswordLink,
  removeAllFactors,
} from '../auth';
import { ADMIN_RESET_LINK_TTL_MS, adminResetMail, secondFactorsResetMail } from './users.mail';
import {
  clearPasswordAndEndSessions,
  countDealerUsers,
  findAccount,
  findCountriesInScope,
  findDealerInScope,
  findManagedUser,
  findManagedUserPage,
  findUserFormChoices,
  findUserGroupsOf,
  insertAccount,
  isUserGroupOfDealer,
  managedScope,
  markupGroupExists,
  moveDealerUsersToCountry,
  replaceDistrictCountries,
  replaceUserGroup,
  setAccountActive,
  updateAccount,
} from './users.repository';

/** An account as user administration sees, compares and audits it (never a password hash). */
type Snapshot = {
  name: string;
  email: string;
  type_id: UserTypeId;
  lang: Language;
  country_id: number | null;
  dealer_id: number | null;
  markup_group_id: number | null;
  user_group_id: number | null;
  credit_limit: string;
  need_azn_cash: boolean;
  need_azn_credit: boolean;
  has_adobe_account: boolean;
  is_active: boolean;
  countries: number[];
  voen: string | null;
  address: string | null;
};

/** What a field is on an account whose type does not have it. */
const neutral = {
  country_id: null,
  dealer_id: null,
  markup_group_id: null,
  user_group_id: null,
  credit_limit: '0.00',
  need_azn_cash: false,
  need_azn_credit: false,
  has_adobe_account: false,
  countries: [] as number[],
  voen: null,
  address: null,
} satisfies Partial<Snapshot>;

type Actor = { actorId: number | null; ip: string | null };

const refuse = (
  code: AppErrorCode,
  reason: AccountRefusal,
  message: string,
  field?: AccountField,
) => new AppError(code, message, { reason, ...(field ? { field } : {}) });

const invalid = (reason: AccountRefusal, message: string, field: AccountField) =>
  refuse('VALIDATION_FAILED', reason, message, field);

const toSnapshot = (account: NonNullable<Awaited<ReturnType<typeof findAccount>>>): Snapshot => ({
  name: account.row.name,
  email: account.row.email,
  type_id: account.row.typeId as UserTypeId,
  lang: isLanguage(account.row.lang) ? account.row.lang : 'en',
  country_id: account.row.countryId,
  dealer_id: account.row.dealerId,
  markup_group_id: account.row.markupGroupId,
  user_group_id: account.userGroupId,
  credit_limit: account.row.creditLimit,
  need_azn_cash: account.row.needAznCash,
  need_azn_credit: account.row.needAznCredit,
  has_adobe_account: account.row.hasAdobeAccount,
  is_active: account.row.isActive,
  countries: account.countries,
  voen: account.row.voen,
  address: account.row.address,
});

/** Fields the type does not have take their neutral value; money and lists in one form. */
const normalize = (snapshot: Snapshot): Snapshot => {
  const own = fieldsForType(snapshot.type_id);
  const next: Snapshot = {
    ...snapshot,
    credit_limit: fromCents(toCents(snapshot.credit_limit)),
    countries: [...new Set(snapshot.countries)].sort((a, b) => a - b),
  };
  for (const field of Object.keys(neutral) as (keyof typeof neutral)[]) {
    if (!own.includes(field)) (next as Record<string, unknown>)[field] = neutral[field];
  }
  return next;
};

/** Refuses fields the account's type does not have (400) or the role may not set (403). */
const assertFieldsAllowed = (session: Session, typeId: UserTypeId, given: AccountField[]) => {
  const own = fieldsForType(typeId);
  const foreign = given.filter((field) => !own.includes(field));
  if (foreign.length > 0) {
    throw invalid(
      'not_applicable',
      `${foreign.join(', ')} does not apply to an account of type ${typeId}.`,
      foreign[0]!,
    );
  }
  const forbidden = forbiddenFields(session.role, typeId, given);
  if (forbidden.length > 0) {
    throw refuse(
      'FORBIDDEN',
      'field_not_allowed',
      `You may not set ${forbidden.join(', ')} of this account.`,
      forbidden[0],
    );
  }
};

const givenFields = (input: Partial<Record<AccountField, unknown>>) =>
  (Object.keys(input) as AccountField[]).filter((field) => input[field] !== undefined);

/** Checks every record the account points to exists and is inside the session's scope. */
const resolveReferences = async (tx: Tx, session: Session, next: Snapshot): Promise<Snapshot> => {
  const assertCountries = async (ids: number[], reason: AccountRefusal, field: AccountField) => {
    if (ids.length === 0) return;
    const found = await findCountriesInScope(tx, session, ids);
    if (found.length !== new Set(ids).size) {
      throw invalid(reason, 'A chosen country does not exist or is not one you manage.', field);
    }
  };

  switch (next.type_id) {
    case 4: {
      if (next.dealer_id === null)
        throw invalid('dealer_required', 'An end user must belong to a dealer.', 'dealer_id');
      const dealer = await findDealerInScope(tx, session, next.dealer_id);
      if (!dealer) {
        throw invalid(
          'dealer_invalid',
          'The chosen dealer does not exist or is not one you manage.',
          'dealer_id',
        );
      }
      if (
        next.user_group_id !== null &&
        !(await isUserGroupOfDealer(tx, next.user_group_id, next.dealer_id))
      ) {
        throw invalid(
          'user_group_invalid',
          "The user group must be one of the user's dealer's groups.",
          'user_group_id',
        );
      }
      // a user lives in its dealer's country
      return { ...next, country_id: dealer.countryId };
    }
    case 3: {
      if (next.country_id === null)
        throw invalid('country_required', 'A dealer needs a country.', 'country_id');
      await assertCountries([next.country_id], 'country_invalid', 'country_id');
      if (next.markup_group_id !== null && !(await markupGroupExists(tx, next.markup_group_id)))
        throw invalid(
          'markup_group_invalid',
          'The chosen markup group does not exist.',
          'markup_group_id',
        );
      return next;
    }
    case 2:
      if (next.countries.length === 0) {
        throw invalid(
          'countries_required',
          'A local district admin needs at least one country.',
          'countries',
        );
      }
      await assertCountries(next.countries, 'countries_invalid', 'countries');
      if (next.country_id !== null)
        await assertCountries([next.country_id], 'country_invalid', 'country_id');
      return next;
    case 1:
      if (next.country_id !== null)
        await assertCountries([next.country_id], 'country_invalid', 'country_id');
      return next;
  }
};

const columnsOf = (next: Snapshot) => ({
  name: next.name,
  email: next.email,
  typeId: next.type_id,
  lang: next.lang,
  countryId: next.country_id,
  dealerId: next.dealer_id,
  markupGroupId: next.markup_group_id,
  creditLimit: next.credit_limit,
  needAznCash: next.need_azn_cash,
  needAznCredit: next.need_azn_credit,
  hasAdobeAccount: next.has_adobe_account,
  isActive: next.is_active,
  voen: next.voen,
  address: next.address,
});

/** Group membership, countries and the dealer's users' country follow the account. */
const writeRelations = async (tx: Tx, id: number, next: Snapshot, before?: Snapshot) => {
  if (before?.user_group_id !== next.user_group_id)
    await replaceUserGroup(tx, id, next.user_group_id);
  if (JSON.stringify(before?.countries ?? []) !== JSON.stringify(next.countries))
    await replaceDistrictCountries(tx, id, next.countries);
  if (before && next.type_id === 3 && before.country_id !== next.country_id)
    await moveDealerUsersToCountry(tx, id, next.country_id);
};

const emailTaken = (email: string) =>
  refuse('CONFLICT', 'email_taken', `An account with the e-mail ${email} already exists.`, 'email');

export const createUsersService = ({
  db,
  mailer,
  clock,
  config,
}: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  config: Pick<Config, 'publicUrl'>;
}) => {
  /** One account the session manages; 404 outside its slice. */
  const view = async (session: Session, lang: Language, id: number) => {
    const user = await findManagedUser(db, session, id, lang);
    if (!user) throw new AppError('NOT_FOUND', 'This account does not exist.');
    return user;
  };

  const sendMail = (
    log: FastifyBaseLogger,
    mail: { to: string; subject: string; text: string; html: string },
  ) =>
    mailer.send(mail).catch((error: unknown) => {
      log.error({ err: error }, 'user administration mail failed');
    });

  /** The account inside the session's scope, or 404: others' records do not exist for it. */
  const findManaged = async (tx: Tx, session: Session, id: number) => {
    const account = await findAccount(tx, id, managedScope(session));
    if (!account) throw new AppError('NOT_FOUND', 'This account does not exist.');
    return account;
  };

  return {
    view,
    list: (session: Session, lang: Language, query: UserListQuery) =>
      findManagedUserPage(db, session, query, lang),

    /** What the session may choose in the user form; groups only of a dealer it manages. */
    options: async (session: Session, lang: Language, dealerId: number | undefined) => {
      const mayChooseMore = session.role === 'gd' || session.role === 'ld';
      const groupsDealerId = session.role === 'd' ? session.user.id : (dealerId ?? null);
      const { countryRows, dealerRows, markupRows } = await findUserFormChoices(
        db,
        session,
        lang,
        mayChooseMore,
      );
      const groupRows =
        groupsDealerId !== null && dealerRows.some((dealer) => dealer.id === groupsDealerId)
          ? await findUserGroupsOf(db, groupsDealerId)
          : [];
      return {
        type_ids: creatableTypeIds(session.role),
        countries: countryRows,
        dealers: dealerRows,
        markup_groups: markupRows,
        user_groups: groupRows,
      };
    },
    /** Creates the account without a password and mails it a set-password link. */
    create: async (
      session: Session,
      actor: Actor,
      input: CreateUserInput,
      log: FastifyBaseLogger,
    ) => {
      if (!canAssignType(session.role, input.type_id)) {
        throw refuse(
          'FORBIDDEN',
          'type_not_allowed',
          'You may not create an account of this type.',
          'type_id',
        );
      }
      const given = givenFields(input).filter((field) => field !== 'type_id');
      assertFieldsAllowed(session, input.type_id, given);
      const draft = normalize({
        ...neutral,
        lang: 'en',
        is_active: true,
        ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
        ...(session.role === 'd' ? { dealer_id: session.user.id } : {}),
      } as Snapshot);
      try {
        const created = await db.transaction(async (tx) => {
          const next = await resolveReferences(tx, session, draft);
          const id = await insertAccount(tx, { ...columnsOf(next), passwordHash: null });
          await writeRelations(tx, id, next);
          await writeAudit(tx, actor, {
            action: 'user.create',
            entityType: 'user',
            entityId: id,
            after: next,
          });
          const link = next.is_active
            ? await issueSetPasswordLink(tx, {
                userId: id,
                publicUrl: config.publicUrl,
                kind: 'first',
                lang: next.lang,
                now: clock.now(),
              })
            : null;
          return { id, next, link };
        });
        if (created.link) {
          const mail = accountInviteMail(created.next.lang, created.next.name, created.link);
          await sendMail(log, { to: created.next.email, ...mail });
        }
        return created.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken(draft.email);
        throw error;
      }
    },

    update: async (session: Session, actor: Actor, id: number, input: UpdateUserInput) => {
      const isSelf = id === session.user.id;
      let email = input.email ?? '';
      try {
        await db.transaction(async (tx) => {
          const account = await findManaged(tx, session, id);
          const before = toSnapshot(account);
          email = input.email ?? before.email;
          const typeId = input.type_id ?? before.type_id;
          if (typeId !== before.type_id) {
            if (isSelf)
              throw refuse('FORBIDDEN', 'self_role', 'You cannot change your own role.', 'type_id');
            if (!canAssignType(session.role, typeId))
              throw refuse(
                'FORBIDDEN',
                'type_not_allowed',
                'You may not give an account this role.',
                'type_id',
              );
          }
          if (isSelf && input.is_active === false)
            throw refuse(
              'FORBIDDEN',
              'self_deactivate',
              'You cannot deactivate your own account.',
              'is_active',
            );
          assertFieldsAllowed(session, typeId, givenFields(input));

          const merged = normalize({
            ...before,
            ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
          } as Snapshot);
          // a user moved to another dealer leaves the old dealer's group
          if (merged.dealer_id !== before.dealer_id && input.user_group_id === undefined)
            merged.user_group_id = null;
          if (before.type_id === 3 && typeId !== 3 && (await countDealerUsers(tx, id)) > 0) {
            throw refuse(
              'CONFLICT',
              'dealer_has_users',
              'This dealer still has users: move or remove them before changing its role.',
              'type_id',
            );
          }
          const next = await resolveReferences(tx, session, merged);
          const diff = changedFields(before, next);
          if (!diff) return;
          await updateAccount(tx, id, columnsOf(next), {
            endsSessions: before.is_active && !next.is_active,
          });
          await writeRelations(tx, id, next, before);
          await writeAudit(tx, actor, {
            action: 'user.update',
            entityType: 'user',
            entityId: id,
            before: diff.before,
            after: diff.after,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken(email);
        throw error;
      }
    },

    /** Deactivating ends every session of the account at once (session_version). */
    setActive: async (session: Session, actor: Actor, id: number, isActive: boolean) => {
      await db.transaction(async (tx) => {
        const account = await findManaged(tx, session, id);
        if (!isActive && id === session.user.id)
          throw refuse(
            'FORBIDDEN',
            'self_deactivate',
            'You cannot deactivate your own account.',
            'is_active',
          );
        if (account.row.isActive === isActive) return;
        await setAccountActive(tx, id, isActive);
        await writeAudit(tx, actor, {
          action: isActive ? 'user.activate' : 'user.deactivate',
          entityType: 'user',
          entityId: id,
          before: { is_active: !isActive },
          after: { is_active: isActive },
        });
      });
    },

    /**
     * The old password stops working and every session ends; the account gets a link to
     * choose a new one.
     */
    resetPassword: async (session: Session, actor: Actor, id: number, log: FastifyBaseLogger) => {
      if (id === session.user.id) {
        throw refuse(
          'FORBIDDEN',
          'self_reset',
          'Change your own password on your profile page instead.',
        );
      }
      const sent = await db.transaction(async (tx) => {
        const account = await findManaged(tx, session, id);
        if (!account.row.isActive) {
          throw refuse(
            'INVALID_STATE',
            'account_inactive',
            'This account is deactivated: activate it before resetting its password.',
            'is_active',
          );
        }
        await clearPasswordAndEndSessions(tx, id);
        await invalidateResetTokens(tx, id);
        const lang = isLanguage(account.row.lang) ? account.row.lang : 'en';
        const link = await issueSetPasswordLink(tx, {
          userId: id,
          publicUrl: config.publicUrl,
          kind: 'reset',
          lang,
          now: clock.now(),
          ttlMs: ADMIN_RESET_LINK_TTL_MS,
        });
        await writeAudit(tx, actor, {
          action: 'user.reset_password',
          entityType: 'user',
          entityId: id,
        });
        return { to: account.row.email, ...adminResetMail(lang, account.row.name, link) };
      });
      await sendMail(log, sent);
    },

    /**
     * A lost device (issue 32): a global admin removes every second factor and recovery code of
     * an account and ends its sessions; the owner enrols again at the next sign-in.
     */
    resetSecondFactors: async (
      session: Session,
      actor: Actor,
      id: number,
      log: FastifyBaseLogger,
    ) => {
      if (id === session.user.id) {
        throw new AppError(
          'FORBIDDEN',
          'Manage your own second factors on your profile page instead.',
        );
      }
      const sent = await db.transaction(async (tx) => {
        const account = await findManaged(tx, session, id);
        if (!account.row.mfaEnabled) {
          throw new AppError('INVALID_STATE', 'This account has no second factor to reset.');
        }
        await removeAllFactors(tx, id);
        await writeAudit(tx, actor, {
          action: 'user.reset_second_factors',
          entityType: 'user',
          entityId: id,
        });
        const lang = isLanguage(account.row.lang) ? account.row.lang : 'en';
        return { to: account.row.email, ...secondFactorsResetMail(lang, account.row.name) };
      });
      await sendMail(log, sent);
    },
  };
};
