import type { Language } from '@esd/shared/constants';
import {
  type ClaimRefusal,
  canMoveWonPrize,
  claimRefusal,
  eventStatusAt,
  type WonPrizeStatusName,
} from '@esd/shared/events/events.rules';
import type {
  EventsQuery,
  MyPrize,
  PrizeClaimInput,
  WonPrize,
  WonPrizeUpdate,
} from '@esd/shared/events/events.schemas';
import type { Db, Tx } from '../../db/client';
import type { events, prizes } from '../../db/schema';
import { type AuditActor, writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { pick, titleIn } from '../../lib/language';
import type { Session } from '../../plugins/auth';
import { productImageUrl } from '../catalogue';
import type { NotifyAdmins } from '../notifications';
import {
  findDealersAtRanks,
  findLeaderboard,
  findPointsByEvent,
  findReturnShortfall,
  findStanding,
  lockDealerPoints,
} from './event-points.repository';
import { eventImageUrl, prizeImageUrl } from './events.images';
import * as repo from './events.repository';
import { lockEvent } from './events-settings.repository';
import {
  findDealerWonPrizes,
  findWonPrize,
  lockWonPrize,
  setWonPrizeStatus,
} from './won-prizes.repository';

type Actor = { actorId: number | null; ip: string | null };

/** The dealer whose points a viewer sees: a dealer itself, a user its dealer, admins none. */
const viewerDealerId = (session: Session): number | null => {
  if (session.role === 'd') return session.user.id;
  if (session.role === 'u') return session.user.dealerId ?? null;
  return null;
};

const refusalMessages: Record<ClaimRefusal, string> = {
  not_started: 'The event has not started yet.',
  rank_prize: 'This prize is awarded by rank at the end of the event, not claimed.',
  out_of_stock: 'This prize is out of stock.',
  already_claimed: 'You have already claimed this prize.',
  not_enough_points: 'You do not have enough points for this prize.',
};

type ClaimRequest = {
  eventId: number;
  prizeId: number;
  input: PrizeClaimInput;
  actor: AuditActor;
};

/**
 * A dealer claims a points prize, saying where it goes. The prize row is locked (the last unit
 * goes once) and then the dealer row (two claims of one dealer cannot spend the same points);
 * the balance is read under those locks, so it is exact.
 */
const claimPrize = (
  { db, clock }: { db: Db; clock: Clock },
  session: Session,
  { eventId, prizeId, input, actor }: ClaimRequest,
) =>
  db.transaction(async (tx) => {
    const row = await repo.lockPrizeWithEvent(tx, eventId, prizeId);
    if (!row) throw new AppError('NOT_FOUND', 'This prize does not exist.');
    const dealerId = session.user.id;
    await lockDealerPoints(tx, dealerId);
    const existing = await repo.findDealerWonPrizeRow(tx, prizeId, dealerId);
    const standing = await findStanding(tx, eventId, dealerId);
    const refusal = claimRefusal({
      eventStatus: eventStatusAt(
        { starts_at: row.event.startsAt, ends_at: row.event.endsAt },
        clock.now(),
      ),
      pointsNeeded: row.prize.pointsNeeded,
      stock: row.prize.stock,
      alreadyClaimed: existing !== undefined && existing.status !== 'cancelled',
      balance: standing.balance,
    });
    if (refusal)
      throw new AppError('PRIZE_NOT_CLAIMABLE', refusalMessages[refusal], { reason: refusal });
    const claim = {
      claimedBy: dealerId,
      pointsSpent: row.prize.pointsNeeded ?? 0,
      delivery: { contactName: input.contact_name, phone: input.phone, address: input.address },
    };
    // a cancelled claim of the same prize is claimed again in its place (one row per dealer)
    const won = existing
      ? await repo.renewClaim(tx, existing.id, claim)
      : await repo.insertClaim(tx, { ...claim, prizeId, eventId, dealerId });
    if (!won) throw new Error('the claim was not written');
    await repo.takeFromStock(tx, prizeId);
    await writeAudit(tx, actor, {
      action: 'won_prize.claim',
      entityType: 'won_prize',
      entityId: won.id,
      ...(existing ? { before: { status: existing.status } } : {}),
      after: {
        status: won.status,
        points_spent: won.pointsSpent,
        contact_name: input.contact_name,
        phone: input.phone,
        address: input.address,
      },
    });
    return won;
  });

/**
 * A won prize as the prizes list of a dealer's account shows it: the dealer itself sees the
 * admin's tracking note and where the prize goes; its users see the prize and its status only.
 */
const toMyPrize = (won: WonPrize, session: Session): MyPrize => {
  const holder = session.role === 'd' && session.user.id === won.dealer_id;
  return {
    id: won.id,
    prize_id: won.prize_id,
    prize_title: won.prize_title,
    prize_image_url: won.prize_image_url,
    event_id: won.event_id,
    event_title: won.event_title,
    source: won.source,
    points_spent: won.points_spent,
    rank: won.rank,
    status: won.status,
    status_changed_at: won.status_changed_at,
    tracking_note: holder ? won.note : null,
    delivery: holder ? won.delivery : null,
    created_at: won.created_at,
  };
};

/**
 * Points never go negative (issue 17): a return of an order item is refused while taking back
 * the points it earned would leave its dealer's balance in an event below zero, that is while
 * claims (pending or not) hold those points; cancelling the claim lets the return through.
 * Called by the return request (to tell the buyer at once) and again by the approval, inside
 * its transaction: the dealer's row is locked as a claim locks it, so a claim and a return
 * running together see each other and cannot both pass.
 */
export const assertReturnKeepsPoints = async (
  tx: Tx,
  options: { dealerId: number; orderItemId: number; lang: Language },
) => {
  await lockDealerPoints(tx, options.dealerId);
  const shortfall = await findReturnShortfall(tx, options.orderItemId);
  if (!shortfall) return;
  const titles = { en: shortfall.title_en, ru: shortfall.title_ru, az: shortfall.title_az };
  throw new AppError(
    'RETURN_POINTS_SPENT',
    `This return would take back ${shortfall.points_needed} points of event «${shortfall.title_en}» that were already spent on prizes; cancel the prize claim first.`,
    {
      event_id: shortfall.event_id,
      event_title: pick(titles, options.lang),
      points_needed: shortfall.points_needed,
    },
  );
};

/**
 * Hands each rank prize of an ended event to the dealer at that rank (stock permitting), once:
 * the event row is locked and `awarded_at` set in the same transaction, so a second click or a
 * concurrent request awards nothing more.
 */
export const awardRankPrizes = (
  { db, clock }: { db: Db; clock: Clock },
  eventId: number,
  audit: { actor: Actor; actorId: number },
) =>
  db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) throw new AppError('NOT_FOUND', 'This event does not exist.');
    if (event.awardedAt)
      throw new AppError('INVALID_STATE', 'The rank prizes of this event were already awarded.');
    if (event.endsAt > clock.now())
      throw new AppError('INVALID_STATE', 'Rank prizes are awarded after the event ends.');
    const rankPrizes = await repo.lockRankPrizes(tx, eventId);
    const winners = await findDealersAtRanks(
      tx,
      eventId,
      rankPrizes.map((p) => p.rank!),
    );
    let awarded = 0;
    for (const prize of rankPrizes) {
      const winner = winners.find((w) => w.rank === prize.rank);
      if (!winner || prize.stock <= 0) continue;
      const isAwarded = await repo.insertRankAward(tx, {
        prizeId: prize.id,
        eventId,
        dealerId: winner.dealer_id,
        rank: prize.rank,
      });
      if (!isAwarded) continue;
      awarded += 1;
      await repo.takeFromStock(tx, prize.id);
    }
    const awardedAt = await repo.markEventAwarded(tx, eventId);
    await writeAudit(tx, audit.actor, {
      action: 'event.award',
      entityType: 'event',
      entityId: eventId,
      after: { awarded, winners },
    });
    return { awarded, awarded_at: awardedAt!.toISOString() };
  });

/**
 * An admin moves a won prize along its delivery. Cancelling puts the unit back in stock; a
 * cancelled claim no longer counts against the dealer's balance, so its points come back.
 */
export const updateWonPrize = (
  db: Db,
  id: number,
  change: WonPrizeUpdate,
  audit: { actor: Actor; actorId: number },
) =>
  db.transaction(async (tx) => {
    const won = await lockWonPrize(tx, id);
    if (!won) throw new AppError('NOT_FOUND', 'This won prize does not exist.');
    const from = won.status as WonPrizeStatusName;
    if (from !== change.status && !canMoveWonPrize(from, change.status)) {
      throw new AppError('INVALID_STATE', `A ${from} prize cannot become ${change.status}.`);
    }
    if (from !== change.status && change.status === 'cancelled') {
      await repo.putBackInStock(tx, won.prizeId);
    }
    await setWonPrizeStatus(tx, id, {
      status: change.status,
      note: change.note,
      ...(from !== change.status ? { statusChangedBy: audit.actorId } : {}),
    });
    await writeAudit(tx, audit.actor, {
      action: 'won_prize.update',
      entityType: 'won_prize',
      entityId: id,
      before: { status: from, note: won.note },
      after: { status: change.status, note: change.note },
    });
  });

type EventRow = typeof events.$inferSelect;
type PrizeRow = typeof prizes.$inferSelect;

const descriptionIn = (
  row: { descriptionEn: string; descriptionRu: string; descriptionAz: string },
  lang: Language,
) => pick({ en: row.descriptionEn, ru: row.descriptionRu, az: row.descriptionAz }, lang);

type Holding = Awaited<ReturnType<typeof repo.findDealerPrizeHoldings>>[number];

/**
 * A prize as its event and prize pages show it to a viewer; `holding` is the viewer's dealer's
 * claim or award of it. Its tracking note goes to the dealer itself, as in "My prizes".
 */
const toPrizeView = (
  p: PrizeRow,
  lang: Language,
  holding: { row: Holding | undefined; session: Session },
) => {
  const { row, session } = holding;
  return {
    id: p.id,
    event_id: p.eventId,
    title: titleIn(p, lang),
    description: descriptionIn(p, lang),
    image_url: prizeImageUrl(p.imagePath),
    points_needed: p.pointsNeeded,
    rank: p.rank,
    stock: p.stock,
    won: row !== undefined && row.status !== 'cancelled',
    my_prize: row
      ? {
          source: row.source,
          status: row.status,
          status_changed_at: row.statusChangedAt?.toISOString() ?? null,
          tracking_note: session.role === 'd' ? row.note : null,
        }
      : null,
  };
};

const toCard = (
  e: EventRow,
  lang: Language,
  counts: { myPoints: number; prizesCount: number },
  now: Date,
) => ({
  id: e.id,
  title: titleIn(e, lang),
  description: descriptionIn(e, lang),
  image_url: eventImageUrl(e.imagePath),
  starts_at: e.startsAt.toISOString(),
  ends_at: e.endsAt.toISOString(),
  status: eventStatusAt({ starts_at: e.startsAt, ends_at: e.endsAt }, now),
  my_points: counts.myPoints,
  prizes_count: counts.prizesCount,
});

/**
 * Events as dealers and their users see them: cards, an event with its products, prizes and
 * leaderboard, a prize, a dealer's claim, and the prizes it holds.
 */
export const createEventsService = ({
  db,
  clock,
  notifyAdmins,
}: {
  db: Db;
  clock: Clock;
  notifyAdmins: NotifyAdmins;
}) => {
  const standingOf = async (eventId: number, dealerId: number | null) =>
    dealerId === null
      ? null
      : {
          dealer_id: dealerId,
          dealer_name: await repo.findDealerName(db, dealerId),
          ...(await findStanding(db, eventId, dealerId)),
        };

  const loadEvent = async (id: number) => {
    const event = await repo.findEventById(db, id);
    if (!event) throw new AppError('NOT_FOUND', 'This event does not exist.');
    return event;
  };

  /** The viewer's dealer's claims and awards of these prizes, by prize. */
  const holdingsOf = async (dealerId: number | null, prizeIds: number[]) =>
    new Map(
      (dealerId === null || prizeIds.length === 0
        ? []
        : await repo.findDealerPrizeHoldings(db, dealerId, prizeIds)
      ).map((row) => [row.prizeId, row]),
    );

  return {
    list: async (session: Session, lang: Language, query: EventsQuery) => {
      const dealerId = viewerDealerId(session);
      const now = clock.now();
      const { rows, total } = await repo.findEventCards(db, { ...query, now });
      const ids = rows.map((r) => r.id);
      const [points, prizeCounts] = await Promise.all([
        dealerId === null ? new Map<number, number>() : findPointsByEvent(db, dealerId, ids),
        ids.length === 0 ? [] : repo.countPrizesByEvent(db, ids),
      ]);
      return {
        items: rows.map((e) =>
          toCard(
            e,
            lang,
            {
              myPoints: points.get(e.id) ?? 0,
              prizesCount: prizeCounts.find((p) => p.eventId === e.id)?.n ?? 0,
            },
            now,
          ),
        ),
        total,
      };
    },

    event: async (session: Session, lang: Language, id: number) => {
      const dealerId = viewerDealerId(session);
      const event = await loadEvent(id);
      const [lines, prizeRows, board, me] = await Promise.all([
        repo.findEventProducts(db, event.id),
        repo.findEventPrizes(db, event.id),
        findLeaderboard(db, event.id, dealerId),
        standingOf(event.id, dealerId),
      ]);
      const holdings = await holdingsOf(
        dealerId,
        prizeRows.map((p) => p.id),
      );
      return {
        ...toCard(
          event,
          lang,
          { myPoints: me?.points ?? 0, prizesCount: prizeRows.length },
          clock.now(),
        ),
        products: lines.map(({ line, product }) => ({
          product_id: product.id,
          sku: product.sku,
          title: titleIn(product, lang),
          points: line.points,
          image_url: productImageUrl(product.imagePath),
        })),
        prizes: prizeRows.map((p) => toPrizeView(p, lang, { row: holdings.get(p.id), session })),
        leaderboard: board.leaders.map((l) => ({ ...l, is_me: l.dealer_id === dealerId })),
        participants: board.participants,
        me,
        can_claim: session.role === 'd',
      };
    },

    prize: async (session: Session, lang: Language, eventId: number, prizeId: number) => {
      const dealerId = viewerDealerId(session);
      const prize = await repo.findEventPrize(db, eventId, prizeId);
      if (!prize) throw new AppError('NOT_FOUND', 'This prize does not exist.');
      const event = await loadEvent(eventId);
      const holdings = await holdingsOf(dealerId, [prize.id]);
      return {
        ...toPrizeView(prize, lang, { row: holdings.get(prize.id), session }),
        event: {
          id: event.id,
          title: titleIn(event, lang),
          starts_at: event.startsAt.toISOString(),
          ends_at: event.endsAt.toISOString(),
          status: eventStatusAt({ starts_at: event.startsAt, ends_at: event.endsAt }, clock.now()),
        },
        me: await standingOf(event.id, dealerId),
        can_claim: session.role === 'd',
      };
    },

    /**
     * The dealer claims a prize for its points; answers the prize as it now holds it. The
     * admins who run events are told once the claim is stored (the notice is queued after the
     * commit, and never undoes the claim).
     */
    claim: async (session: Session, lang: Language, request: ClaimRequest) => {
      const won = await claimPrize({ db, clock }, session, request);
      await notifyAdmins({
        kind: 'prize_claimed',
        wonPrizeId: won.id,
        at: won.createdAt.toISOString(),
      });
      const item = await findWonPrize(db, won.id, lang);
      if (!item) throw new AppError('NOT_FOUND', 'This prize does not exist.');
      return toMyPrize(item, session);
    },

    /** The prizes the viewer's dealer holds (none for an admin). */
    myPrizes: async (
      session: Session,
      lang: Language,
      query: { page: number; perPage: number },
    ) => {
      const dealerId = viewerDealerId(session);
      if (dealerId === null) return { items: [], total: 0 };
      const page = await findDealerWonPrizes(db, dealerId, query, lang);
      return { items: page.items.map((won) => toMyPrize(won, session)), total: page.total };
    },
  };
};
