import { daysBetween, levelOfferId } from '@esd/shared/adobe/adobe.rules';
import { formatDate } from '@esd/shared/format/format';
import { and, eq, like } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { insertAdobeCustomer } from '../../../test/security/scope-fixtures';
import { adobeRenewalMails, mailMessages, products, users } from '../../db/schema';
import { sendRenewalReminders } from './adobe.jobs';

type Subscription = {
  subscription_id: string;
  offer_id: string;
  product_id: number | null;
  product_title: string | null;
  quantity: number;
  renewal_quantity: number;
  state: string;
  status: string;
  auto_renew: boolean;
  created_at: string | null;
  renewal_date: string;
  three_year_commitment: { status: string; start_date: string; end_date: string } | null;
};

/** The day `days` after a `YYYY-MM-DD` day. */
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Noon in Baku (08:00 UTC) of a day: the job's "now" of that day. */
const bakuNoon = (day: string) => new Date(`${day}T08:00:00Z`);

describe.each(dbKinds)(
  '[adobe][subscriptions] customers, subscriptions and renewal mails on %s',
  (kind) => {
    let ctx: TestContext;
    let product: typeof products.$inferSelect;
    type Customer = { id: number; customerId: string; company: string };
    let customer: Customer;

    /** A new customer of dealer@example.com at Adobe, without subscriptions. */
    const createCustomer = async (company: string): Promise<Customer> => {
      const dealer = await as(ctx, 'dealer@example.com');
      const created = (
        await dealer.post('/api/adobe/customers', {
          company_name: company,
          market_segment: 'COM',
          country: 'AZ',
          region: '',
          city: 'Baku',
          address_line1: '1 Fountain Square',
          postal_code: 'AZ1000',
          phone_number: '+994 12 555 00 00',
          contact_first_name: 'Rena',
          contact_last_name: 'Guliyeva',
          contact_email: 'rena@renewal.example',
          contact_phone_number: '+994 50 555 00 00',
        })
      ).json().data;
      return { id: created.id, customerId: created.customer.customerId, company };
    };
    /** Two orders of the product at Adobe: one subscription of 12 licences, auto-renewing. */
    const subscribe = async (of: Customer) => {
      await ctx.app.adobe.placeOrder(
        of.customerId,
        `sub-${kind}-${of.id}-1`,
        [{ offerId: product.sku, quantity: 10 }],
        true,
      );
      await ctx.app.adobe.placeOrder(
        of.customerId,
        `sub-${kind}-${of.id}-2`,
        [{ offerId: product.sku, quantity: 2 }],
        false,
      );
    };

    beforeAll(async () => {
      ctx = await createTestContext(kind);
      [product] = (await ctx.db
        .select()
        .from(products)
        .where(and(eq(products.providerId, 3), eq(products.isActive, true)))
        .limit(1)) as [typeof products.$inferSelect];
      customer = await createCustomer(`Listed Customer ${kind}`);
    }, 60_000);
    afterAll(async () => ctx?.close());

    const subscriptionsOf = async (id: number, lang = 'en') => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/adobe/customers/${id}/subscriptions`,
        headers: { ...bearer(await ctx.login('dealer@example.com')), 'accept-language': lang },
      });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      return response.json().data as Subscription[];
    };

    it('lists the dealer’s customers under /api/adobe/customers as the price request has them', async () => {
      const dealer = await as(ctx, 'dealer@example.com');
      const list = (await dealer.get('/api/adobe/customers')).json();
      const spec = (await dealer.get('/api/getAdobeCustomerList')).json();
      expect(list.code).toBe(200);
      expect(list.data).toEqual(spec.data);
      expect(list.data).toContainEqual(
        expect.objectContaining({
          id: customer.id,
          company_name: customer.company,
          customer: expect.objectContaining({ customerId: customer.customerId }),
        }),
      );
    });

    it('answers a customer’s subscriptions from Adobe: offer, product, quantity, renewal date, auto-renewal, commitment', async () => {
      const own = await createCustomer(`Subscribed Customer ${kind}`);
      expect(await subscriptionsOf(own.id)).toEqual([]);
      await subscribe(own);
      const atAdobe = await ctx.app.adobe.getCustomer(own.customerId);
      const [subscription, ...others] = await subscriptionsOf(own.id);
      expect(others).toEqual([]);
      expect(subscription).toEqual({
        subscription_id: expect.stringMatching(/^S\d+$/),
        // the offer at the level it was bought at: 10 under a commitment, then 2 more (level 12)
        offer_id: levelOfferId(product.sku, 12),
        product_id: product.id,
        product_title: product.titleEn,
        quantity: 12,
        renewal_quantity: 12,
        state: 'active',
        status: '1000',
        auto_renew: true,
        created_at: expect.any(String),
        renewal_date: atAdobe.cotermDate,
        three_year_commitment: {
          status: 'COMMITTED',
          start_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
          end_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        },
      });
      expect(
        daysBetween(
          subscription!.three_year_commitment!.start_date,
          subscription!.three_year_commitment!.end_date,
        ),
      ).toBeGreaterThanOrEqual(365 * 3);
      // the product's title in the reader's language
      expect((await subscriptionsOf(own.id, 'az'))[0]!.product_title).toBe(product.titleAz);
    });

    it('refuses another dealer’s customer (404), a dealer without Adobe account and other roles (403)', async () => {
      const [dealer2] = await ctx.db
        .select()
        .from(users)
        .where(eq(users.email, 'dealer2@example.com'));
      const otherId = await insertAdobeCustomer(ctx, dealer2!.id);
      const dealer = await as(ctx, 'dealer@example.com');
      for (const id of [otherId, 2_000_000_000]) {
        const refused = await dealer.get(`/api/adobe/customers/${id}/subscriptions`);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toMatchObject({ code: 404, data: { error: 'NOT_FOUND' } });
      }
      expect((await dealer.get('/api/adobe/customers/abc/subscriptions')).json()).toMatchObject({
        code: 400,
        data: { error: 'VALIDATION_FAILED' },
      });
      // dealer2 has no Adobe account: refused like the price request, even for its own customer
      const withoutAccount = await as(ctx, 'dealer2@example.com');
      for (const url of ['/api/adobe/customers', `/api/adobe/customers/${otherId}/subscriptions`]) {
        const response = await withoutAccount.get(url);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 403, data: { error: 'FORBIDDEN' } });
        expect((await withoutAccount.get('/api/getAdobeCustomerList')).statusCode).toBe(403);
      }
      for (const email of ['user@example.com', 'gd@example.com', 'ld@example.com']) {
        const other = await as(ctx, email);
        expect((await other.get('/api/adobe/customers')).statusCode).toBe(403);
        expect(
          (await other.get(`/api/adobe/customers/${customer.id}/subscriptions`)).statusCode,
        ).toBe(403);
      }
    });

    const renewalDeps = () => ({
      db: ctx.db,
      adobe: ctx.app.adobe,
      mailer: ctx.app.mailer,
      config: ctx.config,
    });
    /** The mails to the dealer that list `company`, oldest first. */
    const mailsListing = (company: string) =>
      ctx.db
        .select()
        .from(mailMessages)
        .where(
          and(eq(mailMessages.to, 'dealer@example.com'), like(mailMessages.text, `%${company}%`)),
        )
        .orderBy(mailMessages.id);

    it('mails the dealer 30 and 7 days before the renewal, in its language, once each despite retries', async () => {
      const customer = await createCustomer(`Renewing Customer ${kind}`);
      await subscribe(customer);
      const [subscription] = await subscriptionsOf(customer.id);
      const renewal = subscription!.renewal_date;
      const deps = renewalDeps();
      const mine = () => mailsListing(customer.company);

      // 31 days before: nothing is due yet
      await sendRenewalReminders(deps, bakuNoon(shift(renewal, -31)));
      expect(await mine()).toHaveLength(0);

      // 30 days before: two runs at once (two processes) and a retry mail it once
      await Promise.all([
        sendRenewalReminders(deps, bakuNoon(shift(renewal, -30))),
        sendRenewalReminders(deps, bakuNoon(shift(renewal, -30))),
      ]);
      await sendRenewalReminders(deps, bakuNoon(shift(renewal, -30)));
      // the days between do not mail it again
      await sendRenewalReminders(deps, bakuNoon(shift(renewal, -20)));
      const thirty = await mine();
      expect(thirty).toHaveLength(1);
      expect(thirty[0]!.subject).toBe('Adobe subscriptions of your customers renew soon');
      expect(thirty[0]!.text).toContain(
        `${customer.company} — ${product.titleEn} (${levelOfferId(product.sku, 12)}): 12 licences, renews on ${formatDate(renewal, 'en')}, in 30 days; auto-renewal on, for 12 licences`,
      );
      expect(thirty[0]!.text).toContain('http://portal.test/pages/adobe/subscriptions');
      expect(thirty[0]!.html).toContain(
        'href="http://portal.test/pages/adobe/subscriptions?lang=en"',
      );

      // 7 days before, the dealer now reads Russian; a send that fails releases its claim
      await ctx.db.update(users).set({ lang: 'ru' }).where(eq(users.email, 'dealer@example.com'));
      try {
        const down = nodemailer.createTransport('smtp://127.0.0.1:9');
        const failing = {
          ...deps,
          mailer: {
            send: async (mail: { to: string; subject: string; text: string; html?: string }) => {
              await down.sendMail({ from: 'portal@example.com', ...mail });
              return 'smtp' as const;
            },
          },
        };
        await expect(sendRenewalReminders(failing, bakuNoon(shift(renewal, -7)))).rejects.toThrow();
        const claims = await ctx.db
          .select()
          .from(adobeRenewalMails)
          .where(eq(adobeRenewalMails.subscriptionId, subscription!.subscription_id));
        expect(claims.map((c) => c.daysBefore)).toEqual([30]);

        await sendRenewalReminders(deps, bakuNoon(shift(renewal, -7)));
        await sendRenewalReminders(deps, bakuNoon(shift(renewal, -7)));
        await sendRenewalReminders(deps, bakuNoon(shift(renewal, -1)));
      } finally {
        await ctx.db.update(users).set({ lang: 'en' }).where(eq(users.email, 'dealer@example.com'));
      }
      const all = await mine();
      expect(all).toHaveLength(2);
      expect(all[1]!.subject).toBe('Скоро продление подписок Adobe ваших клиентов');
      expect(all[1]!.text).toContain(
        `лицензий: 12, продление ${formatDate(renewal, 'ru')}, дней до продления: 7`,
      );
      const claims = await ctx.db
        .select()
        .from(adobeRenewalMails)
        .where(eq(adobeRenewalMails.subscriptionId, subscription!.subscription_id));
      expect(claims.map((c) => [c.daysBefore, c.renewalDate, c.sentAt !== null]).sort()).toEqual([
        [30, renewal, true],
        [7, renewal, true],
      ]);
      // after the renewal date nothing more is due
      await sendRenewalReminders(deps, bakuNoon(shift(renewal, 1)));
      expect(await mine()).toHaveLength(2);
    });

    it('escapes the customer’s name in the HTML part', async () => {
      const customer = await createCustomer(`Renewal <Studio> & Co ${kind}`);
      await subscribe(customer);
      const [subscription] = await subscriptionsOf(customer.id);
      await sendRenewalReminders(renewalDeps(), bakuNoon(shift(subscription!.renewal_date, -30)));
      const [mail] = await mailsListing(customer.company);
      expect(mail!.html).toContain(`Renewal &#60;Studio&#62; &#38; Co ${kind}`);
      expect(mail!.html).not.toContain('<Studio>');
    });
  },
);
