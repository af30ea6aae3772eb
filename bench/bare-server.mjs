// Bare Fastify routes to compare the real stack with, in the same run:
// /bare-payload answers BARE_PAYLOAD from memory, /bare-payload-headers with BARE_HEADERS too;
// /bare answers a product page of the same shape from memory;
// /bare-db runs the shop's page and count queries with plain pg — no auth, validation,
// pricing or envelope schema — so the difference is what our stack costs.
import Fastify from 'fastify';
import pg from 'pg';

const items = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  sku: `SKU-${i}`,
  FullTitle: `Product ${i} — 1 year subscription`,
  Description: 'A realistic description of a software product sold by the distributor. '.repeat(3),
  Amount: '105.00',
  cash: null,
  credit: null,
  provider_id: 1,
  is_returnable: false,
  category_id: 1,
  category: 'Security & antivirus',
  image_url: null,
  licence_type: 'Subscription (1 year)',
  delivery_time: 'Instant (licence key)',
}));
const pool = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  : undefined;
const app = Fastify({ logger: false });
// BARE_PAYLOAD: the JSON the API stack answers for the same request, answered from memory
const payload = process.env.BARE_PAYLOAD ? JSON.parse(process.env.BARE_PAYLOAD) : undefined;
app.get('/bare-payload', async () => payload);
// BARE_HEADERS: the security headers the API stack sends, set from memory on the same answer
const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}');
app.get('/bare-payload-headers', async (_request, reply) => {
  reply.headers(headers);
  return payload;
});
app.get('/bare', async () => ({ code: 200, message: 'OK', data: { items, total: 100_000 } }));
app.get('/bare-db', async () => {
  const [page, total] = await Promise.all([
    pool.query({
      name: 'bare_page',
      text: `select p.id, p.sku, p.title_en, p.description_en, p.category_id, p.provider_id, p.dealer_price,
        p.unit_price, p.is_returnable, p.image_path, p.licence_type_en, p.delivery_time_en, c.name_en
        from products p join categories c on c.id = p.category_id
        where p.is_active order by p.title_en, p.id limit $1 offset $2`,
      values: [10, 0],
    }),
    pool.query({
      name: 'bare_count',
      text: 'select coalesce(sum(active_products), 0)::int as n from categories',
    }),
  ]);
  return { code: 200, message: 'OK', data: { items: page.rows, total: total.rows[0].n } };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3901) });
