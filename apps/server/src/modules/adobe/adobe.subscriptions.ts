import { baseOfferId } from '@esd/shared/adobe/adobe.rules';
import type {
  AdobeCommitment,
  AdobeCustomer,
  AdobeSubscription,
} from '@esd/shared/adobe/adobe.schemas';
import type { Language } from '@esd/shared/constants';
import type { DbOrTx } from '../../db/client';
import { titleIn } from '../../lib/language';
import type { AdobeClient } from './adobe.client';
import { findAdobeProductsBySku } from './adobe.repository';

/** Adobe's subscription status codes: 1000 active, 1002 pending; the others are not in use. */
const stateOf = (status: string): AdobeSubscription['state'] =>
  status === '1000' ? 'active' : status === '1002' ? 'pending' : 'inactive';

/** The customer's three-year commitment (its THREE_YEAR_COMMIT benefit), or null. */
const commitmentOf = (customer: AdobeCustomer): AdobeCommitment | null => {
  const benefit = customer.benefits?.find((b) => b.type === 'THREE_YEAR_COMMIT');
  if (!benefit?.commitment?.status) return null;
  return {
    status: benefit.commitment.status,
    start_date: benefit.commitment.startDate?.slice(0, 10) ?? null,
    end_date: benefit.commitment.endDate?.slice(0, 10) ?? null,
  };
};

/**
 * A customer's subscriptions as Adobe has them now ("Get all subscriptions for a customer" and
 * the customer's commitment), each named by the catalogue's product of its offer.
 */
export const readSubscriptions = async (
  { db, adobe }: { db: DbOrTx; adobe: AdobeClient },
  adobeCustomerId: string,
  lang: Language,
): Promise<AdobeSubscription[]> => {
  const [answer, customer] = await Promise.all([
    adobe.listSubscriptions(adobeCustomerId),
    adobe.getCustomer(adobeCustomerId),
  ]);
  const commitment = commitmentOf(customer);
  const skus = [...new Set(answer.items.map((item) => baseOfferId(item.offerId)))];
  const bySku = new Map(
    (await findAdobeProductsBySku(db, skus)).map((product) => [product.sku, product]),
  );
  return answer.items.map((item) => {
    const product = bySku.get(baseOfferId(item.offerId));
    return {
      subscription_id: item.subscriptionId,
      offer_id: item.offerId,
      product_id: product?.id ?? null,
      product_title: product ? titleIn(product, lang) : null,
      quantity: item.currentQuantity,
      renewal_quantity:
        item.autoRenewal?.renewalQuantity ?? item.renewalQuantity ?? item.currentQuantity,
      state: stateOf(item.status),
      status: item.status,
      auto_renew: item.autoRenewal?.enabled ?? false,
      created_at: item.creationDate ?? null,
      renewal_date: item.renewalDate.slice(0, 10),
      three_year_commitment: commitment,
    };
  });
};
