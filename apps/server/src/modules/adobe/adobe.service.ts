import { randomUUID } from 'node:crypto';
import { canBuyAdobe } from '@esd/shared/access/access.rules';
import { chosenOption, effectiveCommitment, isCommitted } from '@esd/shared/adobe/adobe.rules';
import type {
  AdobeCustomerInput,
  AdobeCustomerListItem,
  AdobePriceOption,
  adobePriceRequestSchema,
} from '@esd/shared/adobe/adobe.schemas';
import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import { MAX_BASKET_LINES } from '@esd/shared/constants';
import { formatCount } from '@esd/shared/format/plural';
import { compareMoney, multiplyMoney } from '@esd/shared/shop/money';
import { allowedSellTypes, SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { titleIn } from '../../lib/language';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Session } from '../../plugins/auth';
import { shopperOf } from '../auth';
import { findBasketLines, putAdobeLine, writeBasket } from '../basket';
import { findProduct, loadPricingContext, usdPrice } from '../catalogue';
import type { AdobeClient } from './adobe.client';
import * as repo from './adobe.repository';
import { readSubscriptions } from './adobe.subscriptions';

type PriceRequest = z.output<typeof adobePriceRequestSchema>;

/** Spec 1: only a dealer (type 3) with an Adobe account buys Adobe products. */
const requireAdobeDealer = (session: Session) => {
  if (
    !canBuyAdobe({ type_id: session.user.typeId, has_adobe_account: session.user.hasAdobeAccount })
  ) {
    throw new AppError('FORBIDDEN', 'Only dealers with an Adobe account buy Adobe products.');
  }
};

const toListItem = (row: repo.AdobeCustomerRow): AdobeCustomerListItem => ({
  id: row.id,
  company_name: row.companyName,
  customer: row.profile,
});

const details: Record<Language, (level: number, days: number, threeYear: boolean) => string> = {
  en: (level, days, threeYear) =>
    `${threeYear ? `Three-year commitment, level ${level}` : `Volume level ${level}`}; prorated to ${formatCount(days, 'en', { one: 'day', other: 'days' })} until the customer's anniversary date`,
  ru: (level, days, threeYear) =>
    `${threeYear ? `Трёхлетнее обязательство, уровень ${level}` : `Уровень объёма ${level}`}; цена рассчитана на ${formatCount(days, 'ru', { one: 'день', few: 'дня', many: 'дней', other: 'дня' })} до годовщины клиента`,
  az: (level, days, threeYear) =>
    `${threeYear ? `Üç illik öhdəlik, səviyyə ${level}` : `Həcm səviyyəsi ${level}`}; qiymət müştərinin ildönümünə qədər ${days} günə mütənasibdir`,
};

/** The Adobe flow of a dealer: its customers at Adobe, their prices, and the basket line. */
export const createAdobeService = ({
  db,
  adobe,
  clock,
}: {
  db: Db;
  adobe: AdobeClient;
  clock: Clock;
}) => {
  /**
   * Invariant 2 for an Adobe line: with the price the dealer was shown (`quoted_amount`), the
   * line goes into the basket at exactly that price for exactly the chosen offer, or not at all
   * (409 PRICE_CHANGED with Adobe's options now): Adobe prorates by the day and its partner
   * prices move, so a second preview may answer another price than the first.
   */
  const requireQuotedOption = (
    input: PriceRequest,
    option: AdobePriceOption,
    options: AdobePriceOption[],
  ) => {
    if (input.quoted_amount === undefined) return;
    const sameOffer =
      input.adobe_selected_product_id === null || option.id === input.adobe_selected_product_id;
    if (sameOffer && compareMoney(option.Amount, input.quoted_amount) === 0) return;
    throw new AppError(
      'PRICE_CHANGED',
      sameOffer
        ? `Adobe's price of ${option.Sku} changed from ${input.quoted_amount} to ${option.Amount} USD since you asked; nothing was added. Check the new price and add it again.`
        : `Adobe no longer offers ${input.adobe_selected_product_id} for this request; nothing was added. Choose one of the options now.`,
      {
        options,
        changes: [
          {
            field: sameOffer ? 'unit_usd' : 'adobe',
            basket_item_id: null,
            sku: sameOffer ? option.Sku : input.adobe_selected_product_id,
            before: input.quoted_amount,
            after: sameOffer ? option.Amount : null,
          },
        ],
      },
    );
  };

  const findOwnCustomer = async (session: Session, id: number) => {
    const row = await repo.findDealerCustomer(db, session.user.id, id);
    if (!row) throw new AppError('NOT_FOUND', 'This Adobe customer does not exist.');
    return row;
  };

  /**
   * Spec 7 getAdobeProductPriceByCustomer: Adobe's preview for this customer and quantity, each
   * line priced for the dealer (its markup group over Adobe's prorated partner price).
   */
  const priceOptions = async (session: Session, input: PriceRequest, lang: Language) => {
    requireAdobeDealer(session);
    const product = await findProduct(db, input.product_id);
    if (!product) throw new AppError('NOT_FOUND', 'This product does not exist.');
    if (!product.isActive || product.providerId !== PROVIDER.adobe) {
      throw new AppError('PRODUCT_UNAVAILABLE', 'This product is not sold through Adobe.');
    }
    const customer = await findOwnCustomer(session, input.customer_id);
    // a customer under its three-year commitment buys every order under it, whatever its size
    // (Adobe prices it at the commitment level); a new commitment needs 10 licences (spec 5)
    const committed = isCommitted(await adobe.getCustomer(customer.customerId));
    if (
      !committed &&
      effectiveCommitment(input.quantity, input.treeYearCommitment) !== input.treeYearCommitment
    ) {
      throw new AppError(
        'VALIDATION_FAILED',
        'A three-year commitment needs at least 10 licences.',
        { issues: [{ path: ['treeYearCommitment'], message: 'needs a quantity of 10 or more' }] },
      );
    }
    const threeYear = committed || input.treeYearCommitment === 1;
    const [preview, ctx] = await Promise.all([
      adobe.previewOrder(
        customer.customerId,
        [{ offerId: product.sku, quantity: input.quantity }],
        threeYear,
      ),
      loadPricingContext(db, session),
    ]);
    const options: AdobePriceOption[] = preview.lineItems.map((line) => {
      const net = line.pricing.netPartnerPrice;
      const Amount = usdPrice(
        ctx,
        { categoryId: product.categoryId, dealerPrice: net, unitPrice: net },
        null,
      );
      const level = Number(/CA(\d\d)/.exec(line.offerId)?.[1] ?? '1');
      return {
        id: line.offerId,
        Sku: line.offerId,
        Amount,
        Currency: 'USD',
        Additional_Detail: details[lang](level, line.proratedDays, threeYear),
        days: line.proratedDays,
        total: multiplyMoney(Amount, line.quantity),
        FullTitle: titleIn(product, lang),
      };
    });
    return { options, product, customer, committed, threeYear };
  };

  return {
    listCustomers: async (session: Session) => {
      requireAdobeDealer(session);
      const rows = await repo.findDealerCustomers(db, session.user.id);
      return rows.map(toListItem);
    },

    /** One of the dealer's customers' subscriptions at Adobe; another dealer's: not found. */
    listSubscriptions: async (session: Session, id: number, lang: Language) => {
      requireAdobeDealer(session);
      const customer = await findOwnCustomer(session, id);
      return readSubscriptions({ db, adobe }, customer.customerId, lang);
    },

    /** Creates the customer at Adobe, then remembers it as this dealer's. */
    createCustomer: async (session: Session, input: AdobeCustomerInput) => {
      requireAdobeDealer(session);
      const customer = await adobe.createCustomer({
        externalReferenceId: `esd-${session.user.id}-${randomUUID()}`,
        companyProfile: {
          companyName: input.company_name,
          preferredLanguage: input.preferred_language,
          marketSegment: input.market_segment,
          address: {
            country: input.country,
            region: input.region,
            city: input.city,
            addressLine1: input.address_line1,
            addressLine2: input.address_line2,
            postalCode: input.postal_code,
            phoneNumber: input.phone_number,
          },
          contacts: [
            {
              firstName: input.contact_first_name,
              lastName: input.contact_last_name,
              email: input.contact_email,
              phoneNumber: input.contact_phone_number,
            },
          ],
        },
      });
      try {
        const row = await repo.insertCustomer(db, {
          dealerId: session.user.id,
          customerId: customer.customerId,
          companyName: customer.companyProfile.companyName,
          marketSegment: customer.companyProfile.marketSegment,
          profile: customer,
        });
        if (!row) throw new Error('adobe customer insert returned nothing');
        return toListItem(row);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('CONFLICT', 'This Adobe customer is already linked to a dealer.');
        throw error;
      }
    },

    priceOptions: async (session: Session, input: PriceRequest, lang: Language) =>
      (await priceOptions(session, input, lang)).options,

    /** POST /api/basket/add/adobe: the chosen option (else the first) becomes a basket line. */
    addToBasket: async (session: Session, input: PriceRequest, lang: Language) => {
      const { options, product, customer, committed, threeYear } = await priceOptions(
        session,
        input,
        lang,
      );
      const option = chosenOption(options, input.adobe_selected_product_id);
      if (!option) throw new AppError('ADOBE_REJECTED', 'Adobe offered no price for this request.');
      requireQuotedOption(input, option, options);
      const sellType = input.sell_type ?? 2;
      if (!allowedSellTypes(shopperOf(session.user)).includes(sellType)) {
        throw new AppError(
          'SELL_TYPE_NOT_ALLOWED',
          sellType === SELL_TYPE.credit ? 'You cannot buy on credit.' : 'You cannot pay in cash.',
        );
      }
      // under the basket's lock, as every basket write (issue 29)
      await writeBasket(db, session.user.id, async (tx) => {
        const lineKey = `adobe:${customer.id}:${threeYear ? 1 : 0}`;
        const lines = await findBasketLines(tx, session.user.id);
        const exists = lines.some(
          (l) =>
            l.item.productId === product.id &&
            l.item.sellType === sellType &&
            l.item.lineKey === lineKey,
        );
        if (!exists && lines.length >= MAX_BASKET_LINES) {
          throw new AppError('BASKET_LIMIT', `A basket holds at most ${MAX_BASKET_LINES} lines.`);
        }
        // an Adobe line holds one priced request: asking again replaces it (the price depends on it)
        await putAdobeLine(tx, {
          userId: session.user.id,
          productId: product.id,
          quantity: input.quantity,
          sellType,
          lineKey,
          adobe: {
            customer_id: customer.customerId,
            portal_customer_id: customer.id,
            company_name: customer.companyName,
            market_segment: customer.marketSegment,
            three_year_commitment: threeYear,
            ...(committed ? { customer_committed: true } : {}),
            option_id: option.id,
            unit_usd: option.Amount,
            quantity: input.quantity,
            days: option.days,
            priced_at: clock.now().toISOString(),
          },
        });
      });
    },
  };
};
