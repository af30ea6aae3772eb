import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demoProducts } from '../../seed/demo-catalogue';
import { createAdobeClient } from './adobe.client';
import { demoAdobeCustomers } from './demo-customers';
import { createAdobeSandbox } from './sandbox';

const credentials = {
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
  apiKey: 'sandbox-key',
  resellerId: 'sandbox-reseller',
};
const [acrobat, photoshop] = demoProducts.filter((p) => p.providerId === 3).map((p) => p.sku);
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The sandbox on a data folder of its own, and the portal's adapter talking to it over HTTP. */
const open = async (state?: object, demo = false) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'esd-adobe-sandbox-'));
  if (state) writeFileSync(path.join(dataDir, 'adobe-sandbox.json'), JSON.stringify(state));
  const sandbox = await createAdobeSandbox({ dataDir, ...credentials, demo });
  const client = createAdobeClient({ apiUrl: sandbox.url, imsUrl: sandbox.url, ...credentials });
  cleanups.push(async () => {
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return client;
};
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('[adobe][subscriptions] the sandbox answers "Get all subscriptions for a customer"', () => {
  it('derives one subscription per offer from the orders, quantities summed, renewing on the anniversary', async () => {
    const adobe = await open();
    const customerId = demoAdobeCustomers[0].customerId;
    expect((await adobe.listSubscriptions(customerId)).items).toEqual([]);
    const first = await adobe.placeOrder(
      customerId,
      'ref-1',
      [{ offerId: acrobat!, quantity: 3 }],
      false,
    );
    expect(first.lineItems[0]!.offerId).toBe(acrobat);
    // a second order of the same product adds to the same subscription; the 3 licences held and
    // the 13 ordered reach level 2, for both lines, and the subscription moves to it
    const second = await adobe.placeOrder(
      customerId,
      'ref-2',
      [
        { offerId: acrobat!.replace('CA01', 'CA02'), quantity: 12 },
        { offerId: photoshop!, quantity: 1 },
      ],
      false,
    );
    expect(second.lineItems.map((l) => l.offerId)).toEqual([
      acrobat!.replace('CA01', 'CA02'),
      photoshop!.replace('CA01', 'CA02'),
    ]);
    expect(second.lineItems[0]!.subscriptionId).toBe(first.lineItems[0]!.subscriptionId);
    expect(second.lineItems[1]!.subscriptionId).not.toBe(first.lineItems[0]!.subscriptionId);
    // a preview places nothing
    await adobe.previewOrder(customerId, [{ offerId: acrobat!, quantity: 50 }], false);

    const customer = await adobe.getCustomer(customerId);
    const answer = await adobe.listSubscriptions(customerId);
    expect(answer.totalCount).toBe(2);
    const [one, two] = answer.items;
    expect(one).toEqual({
      subscriptionId: first.lineItems[0]!.subscriptionId,
      offerId: acrobat!.replace('CA01', 'CA02'),
      currentQuantity: 15,
      renewalQuantity: 15,
      autoRenewal: { enabled: true, renewalQuantity: 15 },
      creationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      renewalDate: customer.cotermDate,
      status: '1000',
    });
    expect(two).toMatchObject({
      offerId: photoshop!.replace('CA01', 'CA02'),
      currentQuantity: 1,
      status: '1000',
    });
    // no commitment without a three-year order
    expect(customer.benefits ?? []).toEqual([]);
    // other customers have none, an unknown one is refused as Adobe does
    expect((await adobe.listSubscriptions(demoAdobeCustomers[1].customerId)).items).toHaveLength(0);
    await expect(adobe.listSubscriptions('404404')).rejects.toMatchObject({
      error: 'ADOBE_REJECTED',
    });
  });

  it('gives the demo customers subscriptions: one under a commitment, one renewing within 30 days', async () => {
    const adobe = await open(undefined, true);
    const [caspian, academy, ganja] = demoAdobeCustomers.map((c) => c.customerId);
    const committed = await adobe.getCustomer(caspian!);
    expect(committed.benefits?.[0]?.commitment?.status).toBe('COMMITTED');
    expect((await adobe.listSubscriptions(caspian!)).items).toMatchObject([
      { offerId: '65304522CA12A12', currentQuantity: 12, status: '1000' },
    ]);
    // its next order of one licence is priced at its commitment level, not at level 1
    const preview = await adobe.previewOrder(
      caspian!,
      [{ offerId: '65304522CA01A12', quantity: 1 }],
      false,
    );
    expect(preview.lineItems[0]!.offerId).toBe('65304522CA12A12');
    const [renewing] = (await adobe.listSubscriptions(academy!)).items;
    const days = (Date.parse(renewing!.renewalDate) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(7);
    expect(days).toBeLessThanOrEqual(30);
    expect((await adobe.listSubscriptions(ganja!)).items).toEqual([]);
  });

  it('moves a subscription to the level the customer’s licences reach', async () => {
    const adobe = await open();
    const customerId = demoAdobeCustomers[2].customerId;
    await adobe.placeOrder(customerId, 'ref-a', [{ offerId: acrobat!, quantity: 9 }], false);
    await adobe.placeOrder(customerId, 'ref-b', [{ offerId: acrobat!, quantity: 1 }], false);
    const [subscription] = (await adobe.listSubscriptions(customerId)).items;
    expect(subscription).toMatchObject({
      currentQuantity: 10,
      offerId: acrobat!.replace('CA01', 'CA02'),
    });
  });

  it('commits the customer for three years from its first three-year order', async () => {
    const adobe = await open();
    const customerId = demoAdobeCustomers[1].customerId;
    await adobe.placeOrder(customerId, 'ref-3y', [{ offerId: acrobat!, quantity: 10 }], true);
    const customer = await adobe.getCustomer(customerId);
    const start = day(new Date());
    expect(customer.benefits).toEqual([
      {
        type: 'THREE_YEAR_COMMIT',
        commitment: {
          startDate: start,
          // the same day three years on (28 February for a 29th)
          endDate: expect.stringMatching(new RegExp(`^${Number(start.slice(0, 4)) + 3}-`)),
          status: 'COMMITTED',
        },
      },
    ]);
    const end = customer.benefits![0]!.commitment!.endDate!;
    expect(end.slice(5) === start.slice(5) || start.endsWith('02-29')).toBe(true);
    // a later three-year order keeps the commitment it has
    await adobe.placeOrder(customerId, 'ref-3y-2', [{ offerId: acrobat!, quantity: 10 }], true);
    expect((await adobe.getCustomer(customerId)).benefits).toEqual(customer.benefits);
    const [subscription] = (await adobe.listSubscriptions(customerId)).items;
    expect(subscription).toMatchObject({
      currentQuantity: 20,
      offerId: acrobat!.replace('CA01', 'CA12'),
    });
  });

  it('renews at a past anniversary: auto-renewing subscriptions for their renewal quantity, the date a year on', async () => {
    const today = new Date();
    const lastYear = `${today.getUTCFullYear() - 1}-06-15`;
    const passed = day(new Date(today.getTime() - 10 * 86_400_000));
    const held = (subscriptionId: string, offerId: string, currentQuantity: number) => ({
      subscriptionId,
      offerId,
      currentQuantity,
      autoRenewal: { enabled: true },
      creationDate: `${lastYear}T10:00:00.000Z`,
      renewalDate: passed,
      status: '1000',
    });
    // a state file as an older sandbox wrote it: no renewal quantity, a level offer
    const adobe = await open({
      nextId: 50,
      orders: {},
      customers: {
        '1001': {
          customerId: '1001',
          resellerId: credentials.resellerId,
          externalReferenceId: 'x',
          status: '1000',
          creationDate: `${lastYear}T10:00:00.000Z`,
          cotermDate: passed,
          companyProfile: {
            companyName: 'Renewal Probe LLC',
            preferredLanguage: 'en-US',
            marketSegment: 'COM',
            address: { country: 'AZ' },
            contacts: [{ firstName: 'A', lastName: 'B', email: 'a@b.example' }],
          },
        },
      },
      subscriptions: {
        '1001': [
          held('S1', acrobat!.replace('CA01', 'CA02'), 11),
          held('S2', photoshop!.replace('CA01', 'CA02'), 45),
        ],
      },
    });
    const customer = await adobe.getCustomer('1001');
    expect(customer.cotermDate! > day(today)).toBe(true);
    expect(customer.cotermDate!.slice(5)).toBe(passed.slice(5));
    const [subscription] = (await adobe.listSubscriptions('1001')).items;
    expect(subscription).toMatchObject({
      currentQuantity: 11,
      renewalQuantity: 11,
      renewalDate: customer.cotermDate,
      status: '1000',
    });
    // the 56 licences renewed are level 3 (50–99): both subscriptions renew at it
    expect((await adobe.listSubscriptions('1001')).items.map((s) => s.offerId)).toEqual([
      acrobat!.replace('CA01', 'CA03'),
      photoshop!.replace('CA01', 'CA03'),
    ]);
  });
});
