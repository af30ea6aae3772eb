import { bakuDate } from '@esd/shared/baku-time';
import type { languages } from '@esd/shared/constants';
import { aznVatSplit, dueDate } from '@esd/shared/invoices/invoices.rules';
import type { DocumentKind, DocumentSnapshot } from '@esd/shared/invoices/invoices.schemas';
import { percentOf } from '@esd/shared/shop/money';
import { SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import type { DbOrTx } from '../../db/client';
import { titleIn } from '../../lib/language';
import { findOrderItems, type OrderListRow } from '../orders';
import { parseCompanySettings, readCompanySettings } from '../settings';
import * as repo from './invoices.repository';

type Order = OrderListRow['order'];

/**
 * The Baku day of the bank rate an order's AZN amounts are at: the order's own `rate_date`
 * (issue 31: the day checkout priced it, or for a paid cash order the day its payment was
 * confirmed), recorded on the order, so replacing or deleting a rate later never changes it.
 */
const orderRateDay = (order: Order) => order.rateDate ?? null;

/** A text in each language from a `<name>En/Ru/Az` triple. */
const eachLanguage = (pickOne: (lang: (typeof languages)[number]) => string) =>
  ({ en: pickOne('en'), ru: pickOne('ru'), az: pickOne('az') }) as const;

type Parties = repo.InvoiceParties;

/**
 * The buyer as the document names it: the account, its VÖEN and its address (with its country
 * in the document's language) as set on the account now, and its approved partner company if
 * any. The snapshot keeps them: a later edit of the account never changes an issued document.
 */
const buyerOf = (row: OrderListRow, buyer: Parties | undefined): DocumentSnapshot['buyer'] => {
  const address = buyer?.address
    ? eachLanguage((lang) => {
        const country = buyer.countryEn
          ? titleIn(
              { titleEn: buyer.countryEn, titleRu: buyer.countryRu!, titleAz: buyer.countryAz! },
              lang,
            )
          : null;
        return [buyer.address, country].filter((part) => part).join(', ');
      })
    : null;
  return {
    name: row.buyer.name,
    email: row.buyer.email,
    company: buyer?.company ?? null,
    voen: buyer?.voen ?? null,
    address,
  };
};

export type Item = Awaited<ReturnType<typeof findOrderItems>>[number];

const lineOf = (item: Item): DocumentSnapshot['lines'][number] => ({
  sku: item.sku,
  title: eachLanguage((lang) => titleIn(item, lang)),
  quantity: item.quantity,
  unitUsd: item.unitUsd,
  totalUsd: item.totalUsd,
  adobe: item.adobe
    ? {
        customerId: item.adobe.customer_id,
        companyName: item.adobe.company_name,
        threeYear: item.adobe.three_year_commitment,
      }
    : null,
});

/** A refund a credit note documents: the money trail's row. */
export type Refund = {
  id: number;
  itemId: number | null;
  amountUsd: string;
  amountAzn: string;
};

/**
 * Everything a document prints, read in the issuing transaction (the order locked): the order
 * as stored, the seller's details as they are now, the buyer, the rate's day. A credit note
 * prints the refund: the item refunded, or for a cancel the items not returned before it.
 * 'no-seller': nobody has entered the company details, so nothing can be issued yet.
 */
export const gatherSnapshot = async (
  tx: DbOrTx,
  row: OrderListRow,
  document: { kind: DocumentKind; issuedAt: Date; refersTo?: string; refund?: Refund },
  /**
   * what the caller read already (the checkout that wrote the order): its items, and the parties
   * (`invoicePartiesColumn`, read with its placing state; undefined: the buyer's row is gone)
   */
  known?: { items: Item[]; parties: Parties | undefined },
): Promise<DocumentSnapshot | 'no-seller'> => {
  const { order } = row;
  // the seller and the buyer in one statement (the seller alone should the buyer's row be gone)
  const parties = known ? known.parties : await repo.findInvoiceParties(tx, order.buyerId);
  const seller = parties ? parseCompanySettings(parties.seller) : await readCompanySettings(tx);
  if (!seller) return 'no-seller';
  const items = known?.items ?? (await findOrderItems(tx, order.id));
  const placedOn = bakuDate(order.createdAt);
  const cash = order.sellType === SELL_TYPE.cash;
  const { kind, refund } = document;
  const paidAt = cash ? order.paidAt : order.creditSettledAt;
  const common = {
    kind,
    orderId: order.id,
    issuedOn: bakuDate(document.issuedAt),
    placedOn,
    dueOn: kind === 'proforma' ? dueDate(placedOn, seller.payment_days) : null,
    paidOn: kind !== 'proforma' && paidAt ? bakuDate(paidAt) : null,
    onCredit: !cash,
    refersTo: document.refersTo ?? null,
    seller,
    buyer: buyerOf(row, parties),
    vatPercent: order.vatPercent,
    surchargePercent: order.surchargePercent,
    rate: order.rate,
    rateDate: orderRateDay(order),
  };
  if (!refund)
    return {
      ...common,
      lines: items.map(lineOf),
      totalUsd: order.totalUsd,
      vatUsd: order.vatUsd,
      azn: aznVatSplit(order.totalAzn, order.vatPercent),
      refundedAzn: order.refundedAzn,
    };
  const refunded = refund.itemId
    ? items.filter((item) => item.id === refund.itemId)
    : items.filter((item) => item.status !== 'returned');
  return {
    ...common,
    lines: refunded.map(lineOf),
    totalUsd: refund.amountUsd,
    vatUsd: percentOf(refund.amountUsd, order.vatPercent),
    azn: aznVatSplit(refund.amountAzn, order.vatPercent),
    refundedAzn: refund.amountAzn,
  };
};
