import { describe, expect, it } from 'vitest';
import { isAnswerTo, priceRequestOf } from './adobe-purchase';

describe('the Adobe purchase panel', () => {
  it('asks for no price before a customer is chosen (spec 5)', () => {
    expect(priceRequestOf(7, { customerId: null, quantity: 12, commitment: 1 })).toBeNull();
  });

  it('sends spec 3 payload, with the commitment only from 10 licences (spec 4)', () => {
    expect(priceRequestOf(7, { customerId: '3', quantity: 9, commitment: 1 })).toEqual({
      product_id: 7,
      adobe_selected_product_id: '',
      customer_id: 3,
      quantity: 9,
      treeYearCommitment: 0,
    });
    expect(priceRequestOf(7, { customerId: '3', quantity: 10, commitment: 1 })).toMatchObject({
      treeYearCommitment: 1,
    });
  });

  it('puts any quantity under the commitment of a customer committed for three years', () => {
    const committed = { licences: 12, committed: true };
    expect(
      priceRequestOf(7, { customerId: '3', quantity: 1, commitment: 0 }, committed),
    ).toMatchObject({ quantity: 1, treeYearCommitment: 1 });
    expect(
      priceRequestOf(
        7,
        { customerId: '3', quantity: 1, commitment: 1 },
        { ...committed, committed: false },
      ),
    ).toMatchObject({ treeYearCommitment: 0 });
  });

  it('keeps options only for the customer, quantity and commitment they were asked for', () => {
    const asked = priceRequestOf(7, { customerId: '3', quantity: 12, commitment: 1 })!;
    expect(isAnswerTo(asked, { ...asked })).toBe(true);
    expect(isAnswerTo(asked, { ...asked, customer_id: 4 })).toBe(false);
    expect(isAnswerTo(asked, { ...asked, quantity: 13 })).toBe(false);
    expect(isAnswerTo(asked, { ...asked, treeYearCommitment: 0 })).toBe(false);
    expect(isAnswerTo(asked, null)).toBe(false);
    expect(isAnswerTo(undefined, asked)).toBe(false);
  });
});
