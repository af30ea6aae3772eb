/**
 * Issue 33, item 5: every screen tells the truth about an order after returns. The stored status
 * stays the specification's (`completed`); the answer adds what came back (`returned_quantity`,
 * `returned_usd`, `returned_azn`) and the label the screens show (`display_status`); nobody is
 * offered, nor may send, keys that were returned; the export marks the returns. Admins' payment
 * confirmations and return decisions go into the audit log.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { basketItems, mailMessages } from '../../db/schema';

type Detail = {
  id: number;
  status: string;
  display_status: string;
  quantity: number;
  returned_quantity: number;
  returned_usd: string;
  returned_azn: string;
  items: { id: number; total_usd: string; total_azn: string; quantity: number }[];
  actions: Record<string, boolean>;
};
type AuditRow = {
  action: string;
  entity_type: string;
  entity_id: number;
  actor: { name: string } | null;
  after: Record<string, unknown>;
};

let seq = 0;
const newKey = () => `returns-status-${Date.now()}-${++seq}`;

describe.each(dbKinds)('[orders][returns] what an order says after its returns on %s', (kind) => {
  let ctx: TestContext;
  let oneId: number;
  let twoId: number;

  const dealer = () => as(ctx, 'dealer@example.com');
  const gd = () => as(ctx, 'gd@example.com');

  /** A completed credit order of one licence of `oneId` and two of `twoId`. */
  const completedOrder = async () => {
    const shopper = await dealer();
    await shopper.get(`/api/basket/add/${oneId}/1/2`);
    await shopper.get(`/api/basket/add/${twoId}/2/2`);
    const placed = await shopper.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': newKey() },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().data.id as number;
    return waitFor(async () => (await shopper.get(`/api/orders/${id}`)).json().data as Detail, {
      until: (detail) => detail.status === 'completed',
      message: `order ${id} completed`,
    });
  };

  /** The dealer asks a line back and a global admin decides. */
  const returnItem = async (orderId: number, itemId: number, approve = true, note?: string) => {
    const asked = await (await dealer()).post(`/api/orders/${orderId}/items/${itemId}/return`, {
      reason: 'The end customer cancelled.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const request = (
      asked.json().data.items as { id: number; return_request: { id: number } }[]
    ).find((i) => i.id === itemId)!.return_request;
    const decided = await (await gd()).post(`/api/orders/${orderId}/returns/${request.id}/decide`, {
      approve,
      ...(note ? { note } : {}),
    });
    expect(decided.statusCode, decided.body).toBe(200);
    return decided.json().data as Detail;
  };

  const auditOf = async (orderId: number) =>
    (
      await (await gd()).get(`/api/settings/audit-log?entity_type=order&entity_id=${orderId}`)
    ).json().data.items as AuditRow[];

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    oneId = await createProduct(ctx, { sku: 'RET-ONE' });
    twoId = await createProduct(ctx, { sku: 'RET-TWO' });
    await addKeys(ctx, oneId, 20);
    await addKeys(ctx, twoId, 40);
  }, 60_000);
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.db.delete(basketItems);
  });

  it('reads "partly returned" with the licences back, then "returned"; the stored status stays completed', async () => {
    const order = await completedOrder();
    expect(order).toMatchObject({
      display_status: 'completed',
      quantity: 3,
      returned_quantity: 0,
      returned_usd: '0.00',
    });
    const [one, two] = order.items;
    const partly = await returnItem(order.id, one!.id);
    expect(partly).toMatchObject({
      status: 'completed',
      display_status: 'partly_returned',
      returned_quantity: 1,
      returned_usd: one!.total_usd,
      returned_azn: one!.total_azn,
    });
    // the kept keys may still be sent and activated by the dealer
    const seen = (await (await dealer()).get(`/api/orders/${order.id}`)).json().data as Detail;
    expect(seen.actions).toMatchObject({ send_keys: true, activate_keys: true });

    const all = await returnItem(order.id, two!.id);
    expect(all).toMatchObject({
      status: 'completed',
      display_status: 'returned',
      returned_quantity: 3,
      returned_usd: (Number(one!.total_usd) + Number(two!.total_usd)).toFixed(2),
    });
    // the list says the same
    const listed = (await (await dealer()).get(`/api/orders?id=${order.id}`)).json().data.items;
    expect(listed).toMatchObject([
      { id: order.id, status: 'completed', display_status: 'returned', returned_quantity: 3 },
    ]);
  });

  it('filters by the status the list shows: "Completed" finds no order with returns, "Partly returned" and "Returned" find theirs', async () => {
    const kept = await completedOrder();
    const partly = await completedOrder();
    await returnItem(partly.id, partly.items[0]!.id);
    const returned = await completedOrder();
    for (const item of returned.items) await returnItem(returned.id, item.id);
    const ours = [kept.id, partly.id, returned.id];
    const expected: Record<string, number> = {
      completed: kept.id,
      partly_returned: partly.id,
      returned: returned.id,
    };

    for (const viewer of [await dealer(), await gd()]) {
      for (const [status, id] of Object.entries(expected)) {
        const answer = await viewer.get(`/api/orders?status=${status}&perPage=100`);
        expect(answer.statusCode, answer.body).toBe(200);
        const items = answer.json().data.items as { id: number; display_status: string }[];
        // every order listed reads as the status asked for, and of ours exactly the one that does
        expect(new Set(items.map((o) => o.display_status))).toEqual(new Set([status]));
        expect(items.map((o) => o.id).filter((o) => ours.includes(o))).toEqual([id]);
      }
    }
    // the export takes the same filter
    const exported = await (await gd()).get('/api/orders/export?status=returned&format=csv');
    expect(exported.statusCode).toBe(200);
    const rows = parse(exported.body, { bom: true }) as string[][];
    const exportedIds = rows.slice(1).map((row) => Number(row[0]));
    expect(exportedIds).toContain(returned.id);
    expect(exportedIds.filter((id) => ours.includes(id))).toEqual([returned.id]);
  });

  it('offers no "Send keys" once every key came back, and the server refuses the mail', async () => {
    const order = await completedOrder();
    for (const item of order.items) await returnItem(order.id, item.id);
    for (const viewer of [await dealer(), await gd()]) {
      const seen = (await viewer.get(`/api/orders/${order.id}`)).json().data as Detail;
      expect(seen.actions).toMatchObject({ send_keys: false, activate_keys: false, cancel: false });
      const sent = await viewer.post(`/api/orders/${order.id}/send-keys`, {
        email: 'returned@customer.test',
      });
      expect(sent.statusCode).toBe(409);
      expect(sent.json()).toMatchObject({
        code: 409,
        message: 'Every key of this order was returned and revoked: there are no keys to send.',
        data: { error: 'INVALID_STATE' },
      });
    }
    const mailed = await ctx.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, 'returned@customer.test'));
    expect(mailed).toEqual([]);
  });

  it('marks returns in the export: the status and a column of licences and amounts back', async () => {
    const order = await completedOrder();
    const [one] = order.items;
    await returnItem(order.id, one!.id);
    const csv = await (await gd()).get(`/api/orders/export?format=csv&id=${order.id}`);
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    expect(columns.slice(-3)).toEqual([
      'Returned licences',
      'Returned USD (excl. VAT)',
      'Returned AZN',
    ]);
    const cells = row!.split(',');
    expect(cells[columns.indexOf('Status')]).toBe('Partly returned');
    expect(cells.slice(-3)).toEqual(['1', one!.total_usd, one!.total_azn]);

    const ru = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/export?format=csv&id=${order.id}`,
      headers: { authorization: `Bearer ${(await gd()).token}`, 'accept-language': 'ru' },
    });
    expect(ru.body).toContain('Частично возвращён');
    expect(ru.body).toContain('Возвращено лицензий');
  });

  it('writes payment confirmations and return decisions into the audit log, in words', async () => {
    const order = await completedOrder();
    const [one, two] = order.items;
    await returnItem(order.id, one!.id, false, 'Keys were already activated.');
    await returnItem(order.id, two!.id, true, 'Unused, within the window.');
    const settled = await (await gd()).post(`/api/orders/${order.id}/settle-credit`, {});
    expect(settled.statusCode).toBe(200);
    const log = await auditOf(order.id);
    const byAction = Object.fromEntries(log.map((entry) => [entry.action, entry]));
    expect(byAction['order.return_reject']).toMatchObject({
      entity_type: 'order',
      entity_id: order.id,
      actor: { name: expect.any(String) },
      after: {
        sku: 'RET-ONE',
        quantity: 1,
        amount_usd: one!.total_usd,
        reason: 'The end customer cancelled.',
        note: 'Keys were already activated.',
      },
    });
    expect(byAction['order.return_approve']).toMatchObject({
      after: { sku: 'RET-TWO', quantity: 2, amount_usd: two!.total_usd },
    });
    // settled: what is left after the approved return
    expect(byAction['order.settle_credit']).toMatchObject({
      after: { amount_usd: one!.total_usd, amount_azn: one!.total_azn },
    });

    // a cash order's payment, confirmed by an admin
    const shopper = await dealer();
    await shopper.get(`/api/basket/add/${oneId}/1/1`);
    const placed = (
      await shopper.post('/api/checkout', { sell_type: 1 }, { 'idempotency-key': newKey() })
    ).json().data as Detail & { total_usd: string; payment_due: { total_azn: string } };
    const confirmed = await (await gd()).post(`/api/orders/${placed.id}/confirm-payment`, {
      note: 'Bank transfer 4711',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await auditOf(placed.id)).toMatchObject([
      {
        action: 'order.confirm_payment',
        entity_id: placed.id,
        after: {
          amount_usd: placed.total_usd,
          amount_azn: placed.payment_due.total_azn,
          note: 'Bank transfer 4711',
        },
      },
    ]);
  });
});
