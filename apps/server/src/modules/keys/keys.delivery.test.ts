import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createProduct } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';

type Order = { status: string; items: { status: string; delivered: number }[] };

const csvUpload = (text: string) => {
  const boundary = '----esdkeysdelivery';
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="keys.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    ),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

describe.each(dbKinds)(
  '[keys][delivery] an import delivers orders waiting for keys on %s',
  (kind) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(kind);
    });
    afterAll(async () => ctx?.close());

    it('shows the waiting licences in the stock, then delivers them right after the import', async () => {
      const productId = await createProduct(ctx, { sku: 'KEYS-WAITING' });
      const dealer = await as(ctx, 'dealer@example.com');
      await dealer.get(`/api/basket/add/${productId}/2/2`);
      const placed = await dealer.post(
        '/api/checkout',
        { sell_type: 2 },
        { 'idempotency-key': `keys-delivery-${kind}` },
      );
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placed.json().data.id as number;

      const gd = await as(ctx, 'gd@example.com');
      const stock = async () =>
        (await gd.get('/api/keys/stock?q=keys-waiting')).json().data.items[0] as {
          available: number;
          allocated: number;
          waiting: number;
          low: boolean;
        };
      expect(await stock()).toMatchObject({ available: 0, waiting: 2, low: true });

      const { payload, contentType } = csvUpload('KW-1\nKW-2\nKW-3\n');
      const imported = await ctx.app.inject({
        method: 'POST',
        url: `/api/keys/import/${productId}`,
        headers: { ...bearer(gd.token), 'content-type': contentType },
        payload,
      });
      expect(imported.json().data).toMatchObject({ added: 3, available: 3 });

      // no sweep is called here: the import itself queued the delivery
      const order = await waitFor(
        async () => (await dealer.get(`/api/orders/${orderId}`)).json().data as Order,
        {
          until: (detail) => detail.status === 'completed',
          message: `order ${orderId} completed`,
        },
      );
      expect(order.items[0]).toMatchObject({ status: 'delivered', delivered: 2 });
      expect(await stock()).toMatchObject({ available: 1, allocated: 2, waiting: 0 });
    });
  },
);
