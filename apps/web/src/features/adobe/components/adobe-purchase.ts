import {
  type AdobeStanding,
  NEW_ADOBE_CUSTOMER,
  orderCommitment,
} from '@esd/shared/adobe/adobe.rules';
import type { AdobeCustomerListItem, AdobePriceRequest } from '@esd/shared/adobe/adobe.schemas';

/** What the dealer has chosen in the panel; `customerId` is the list item's id as text. */
export type PurchaseChoice = { customerId: string | null; quantity: number; commitment: 0 | 1 };

/**
 * Spec 4/5: no request before a customer is chosen; under 10 the commitment is 0, unless the
 * customer is under its own three-year commitment (`standing`), which every order falls under.
 */
export const priceRequestOf = (
  productId: number,
  choice: PurchaseChoice,
  standing: AdobeStanding = NEW_ADOBE_CUSTOMER,
): AdobePriceRequest | null =>
  choice.customerId === null
    ? null
    : {
        product_id: productId,
        // spec 3's payload: no option is chosen when the price is asked for
        adobe_selected_product_id: '',
        customer_id: Number(choice.customerId),
        quantity: choice.quantity,
        treeYearCommitment: orderCommitment(standing, choice.quantity, choice.commitment),
      };

/**
 * Spec 4: price options belong to the customer, quantity and commitment they were asked
 * for; after any change they are discarded, even when an older answer arrives late.
 */
export const isAnswerTo = (
  asked: AdobePriceRequest | undefined,
  current: AdobePriceRequest | null,
): boolean =>
  asked !== undefined &&
  current !== null &&
  Number(asked.product_id) === Number(current.product_id) &&
  Number(asked.customer_id) === Number(current.customer_id) &&
  Number(asked.quantity) === Number(current.quantity) &&
  Number(asked.treeYearCommitment) === Number(current.treeYearCommitment);

export const marketSegmentOf = (item: AdobeCustomerListItem) =>
  item.customer.companyProfile.marketSegment;
