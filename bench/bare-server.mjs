// A bare Fastify route answering a product page of the same shape, to compare the real stack with.
import Fastify from 'fastify';

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
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 200, message: 'OK', data: { items, total: 100_000 } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3901) });
