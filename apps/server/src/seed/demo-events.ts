import { multiplyMoney, percentOf, sumMoney } from '@esd/shared/shop/money';
import { toAzn } from '@esd/shared/shop/pricing.rules';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  eventProducts,
  events,
  orderEvents,
  orderItems,
  orderMoneyMovements,
  orders,
  prizes,
  products,
  users,
  wonPrizes,
} from '../db/schema';
import { accrueEventPoints } from '../modules/events';

const day = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * day);
const DEMO_RATE = '1.7000';
const DEMO_VAT = '18.00';

const texts = (en: string, ru: string, az: string) => ({ en, ru, az });
type Texts = { en: string; ru: string; az: string };
const columns = (title: Texts, description: Texts) => ({
  titleEn: title.en,
  titleRu: title.ru,
  titleAz: title.az,
  descriptionEn: description.en,
  descriptionRu: description.ru,
  descriptionAz: description.az,
});

/** The running event's products and the points a unit earns. */
const runningProducts = [
  { sku: 'KAS-KSTD-3D-1Y', points: 20 },
  { sku: 'ESET-NOD32-1D-1Y', points: 15 },
  { sku: 'BD-TS-5D-1Y', points: 25 },
  { sku: 'KAS-KSOS-5D-1Y', points: 40 },
];

/**
 * A completed cash order placed `daysAgo`, its keys taken from the demo stock, and the event
 * points it earned credited the way a real completion credits them.
 */
const completedOrder = async (
  tx: Tx,
  options: { buyer: string; daysAgo: number; lines: { sku: string; quantity: number }[] },
) => {
  const [buyer] = await tx.select().from(users).where(eq(users.email, options.buyer));
  if (!buyer) return;
  const dealerId = buyer.typeId === 3 ? buyer.id : buyer.dealerId;
  if (!dealerId) return;
  const rows = await tx
    .select()
    .from(products)
    .where(
      inArray(
        products.sku,
        options.lines.map((l) => l.sku),
      ),
    );
  const lines = options.lines.flatMap((line) => {
    const product = rows.find((p) => p.sku === line.sku);
    if (!product) return [];
    const totalUsd = multiplyMoney(product.dealerPrice, line.quantity);
    const totalAzn = toAzn({
      usd: totalUsd,
      rate: DEMO_RATE,
      vatPercent: DEMO_VAT,
      surchargePercent: '0.00',
    });
    return [{ product, quantity: line.quantity, totalUsd, totalAzn }];
  });
  if (lines.length === 0) return;
  const placedAt = ago(options.daysAgo);
  const totalUsd = sumMoney(lines.map((l) => l.totalUsd));
  const [order] = await tx
    .insert(orders)
    .values({
      buyerId: buyer.id,
      dealerId,
      countryId: buyer.countryId,
      sellType: 1,
      status: 'completed',
      idempotencyKey: `demo-events-${buyer.id}-${options.daysAgo}`,
      lang: buyer.lang,
      rate: DEMO_RATE,
      vatPercent: DEMO_VAT,
      surchargePercent: '0.00',
      totalUsd,
      vatUsd: percentOf(totalUsd, DEMO_VAT),
      totalAzn: sumMoney(lines.map((l) => l.totalAzn)),
      paidAt: placedAt,
      completedAt: new Date(placedAt.getTime() + 60_000),
      createdAt: placedAt,
      updatedAt: placedAt,
    })
    .returning({ id: orders.id });
  if (!order) return;
  // its money trail: the cash payment (invariant 10)
  await tx.insert(orderMoneyMovements).values({
    orderId: order.id,
    kind: 'paid',
    amountUsd: totalUsd,
    amountAzn: sumMoney(lines.map((l) => l.totalAzn)),
    actorId: null,
    createdAt: placedAt,
  });
  await tx.insert(orderEvents).values([
    {
      orderId: order.id,
      fromStatus: 'pending',
      toStatus: 'in_progress',
      actorId: buyer.id,
      createdAt: placedAt,
    },
    {
      orderId: order.id,
      fromStatus: 'in_progress',
      toStatus: 'completed',
      actorId: null,
      createdAt: new Date(placedAt.getTime() + 60_000),
    },
  ]);
  for (const line of lines) {
    const [item] = await tx
      .insert(orderItems)
      .values({
        orderId: order.id,
        productId: line.product.id,
        sku: line.product.sku,
        titleEn: line.product.titleEn,
        titleRu: line.product.titleRu,
        titleAz: line.product.titleAz,
        providerId: line.product.providerId,
        isReturnable: line.product.isReturnable,
        quantity: line.quantity,
        unitUsd: line.product.dealerPrice,
        totalUsd: line.totalUsd,
        totalAzn: line.totalAzn,
        status: 'delivered',
        delivered: line.quantity,
        deliveredAt: new Date(placedAt.getTime() + 60_000),
      })
      .returning({ id: orderItems.id });
    await tx.execute(sql`
      update licence_keys set status = 'allocated', order_item_id = ${item!.id},
        allocated_at = ${placedAt.toISOString()}::timestamptz
      where id in (select id from licence_keys
        where product_id = ${line.product.id} and status = 'available'
        order by id limit ${line.quantity})`);
  }
  await accrueEventPoints(tx, order.id);
};

const insertEvent = async (
  tx: Tx,
  options: {
    title: { en: string; ru: string; az: string };
    description: { en: string; ru: string; az: string };
    startsAt: Date;
    endsAt: Date;
    awardedAt?: Date;
    lines: { sku: string; points: number }[];
  },
) => {
  const [event] = await tx
    .insert(events)
    .values({
      ...columns(options.title, options.description),
      startsAt: options.startsAt,
      endsAt: options.endsAt,
      awardedAt: options.awardedAt ?? null,
    })
    .returning({ id: events.id });
  const rows = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(
      inArray(
        products.sku,
        options.lines.map((l) => l.sku),
      ),
    );
  const values = options.lines.flatMap((line) => {
    const product = rows.find((p) => p.sku === line.sku);
    return product ? [{ eventId: event!.id, productId: product.id, points: line.points }] : [];
  });
  if (values.length > 0) await tx.insert(eventProducts).values(values);
  return event!.id;
};

const insertPrize = async (
  tx: Tx,
  eventId: number,
  prize: {
    title: { en: string; ru: string; az: string };
    description: { en: string; ru: string; az: string };
    pointsNeeded?: number;
    rank?: number;
    stock: number;
  },
) => {
  const [row] = await tx
    .insert(prizes)
    .values({
      eventId,
      ...columns(prize.title, prize.description),
      pointsNeeded: prize.pointsNeeded ?? null,
      rank: prize.rank ?? null,
      stock: prize.stock,
    })
    .returning({ id: prizes.id });
  return row!.id;
};

/**
 * One running event (a week in, a month to go) with security products, two prizes to claim
 * and two by rank; one past event already awarded; points from real completed demo orders of
 * both demo dealers (end users' own order lists stay as the other demos leave them).
 */
export const seedDemoEvents = async (tx: Tx) => {
  const running = await insertEvent(tx, {
    title: texts(
      'Security spring race',
      'Весенний марафон безопасности',
      'Təhlükəsizlik yaz yarışı',
    ),
    description: texts(
      'Sell Kaspersky, ESET and Bitdefender licences and collect points: every licence of the listed products earns its points when the order completes. Spend points on prizes, and the top two dealers win a laptop and a tablet.',
      'Продавайте лицензии Kaspersky, ESET и Bitdefender и копите баллы: каждая лицензия из списка приносит свои баллы, когда заказ выполнен. Обменивайте баллы на призы, а два лучших дилера получат ноутбук и планшет.',
      'Kaspersky, ESET və Bitdefender lisenziyaları satın və xal toplayın: siyahıdakı hər lisenziya sifariş tamamlananda öz xallarını qazandırır. Xalları hədiyyələrə dəyişin, ən yaxşı iki diler noutbuk və planşet qazanır.',
    ),
    startsAt: ago(7),
    endsAt: ago(-30),
    lines: runningProducts,
  });
  await insertPrize(tx, running, {
    title: texts('Branded hoodie', 'Фирменное худи', 'Brend hudi'),
    description: texts(
      'A warm hoodie with the distributor logo.',
      'Тёплое худи с логотипом дистрибьютора.',
      'Distribyutor loqosu ilə isti hudi.',
    ),
    pointsNeeded: 100,
    stock: 10,
  });
  await insertPrize(tx, running, {
    title: texts('Wireless headphones', 'Беспроводные наушники', 'Simsiz qulaqlıq'),
    description: texts(
      'Noise-cancelling wireless headphones.',
      'Беспроводные наушники с шумоподавлением.',
      'Səs-küyü azaldan simsiz qulaqlıq.',
    ),
    pointsNeeded: 300,
    stock: 3,
  });
  await insertPrize(tx, running, {
    title: texts('Laptop', 'Ноутбук', 'Noutbuk'),
    description: texts(
      'For the dealer in first place at the end.',
      'Дилеру, занявшему первое место по итогам.',
      'Sonda birinci yerdə olan dilerə.',
    ),
    rank: 1,
    stock: 1,
  });
  await insertPrize(tx, running, {
    title: texts('Tablet', 'Планшет', 'Planşet'),
    description: texts(
      'For the dealer in second place at the end.',
      'Дилеру, занявшему второе место по итогам.',
      'Sonda ikinci yerdə olan dilerə.',
    ),
    rank: 2,
    stock: 1,
  });

  const past = await insertEvent(tx, {
    title: texts('Windows autumn sprint', 'Осенний спринт Windows', 'Windows payız sprinti'),
    description: texts(
      'Windows 11 Pro licences earned points; the leaders won a smartphone and a smartwatch.',
      'Лицензии Windows 11 Pro приносили баллы; лидеры получили смартфон и смарт-часы.',
      'Windows 11 Pro lisenziyaları xal qazandırırdı; liderlər smartfon və ağıllı saat qazandı.',
    ),
    startsAt: ago(75),
    endsAt: ago(45),
    awardedAt: ago(44),
    lines: [{ sku: 'MS-W11PRO-ESD', points: 30 }],
  });
  const phone = await insertPrize(tx, past, {
    title: texts('Smartphone', 'Смартфон', 'Smartfon'),
    description: texts('First place.', 'Первое место.', 'Birinci yer.'),
    rank: 1,
    stock: 0,
  });
  const watch = await insertPrize(tx, past, {
    title: texts('Smartwatch', 'Смарт-часы', 'Ağıllı saat'),
    description: texts('Second place.', 'Второе место.', 'İkinci yer.'),
    rank: 2,
    stock: 0,
  });

  await completedOrder(tx, {
    buyer: 'dealer2@example.com',
    daysAgo: 60,
    lines: [{ sku: 'MS-W11PRO-ESD', quantity: 4 }],
  });
  await completedOrder(tx, {
    buyer: 'dealer@example.com',
    daysAgo: 58,
    lines: [{ sku: 'MS-W11PRO-ESD', quantity: 2 }],
  });
  await completedOrder(tx, {
    buyer: 'dealer@example.com',
    daysAgo: 6,
    lines: [
      { sku: 'KAS-KSTD-3D-1Y', quantity: 3 },
      { sku: 'BD-TS-5D-1Y', quantity: 2 },
    ],
  });
  await completedOrder(tx, {
    buyer: 'dealer@example.com',
    daysAgo: 4,
    lines: [{ sku: 'ESET-NOD32-1D-1Y', quantity: 2 }],
  });
  await completedOrder(tx, {
    buyer: 'dealer2@example.com',
    daysAgo: 2,
    lines: [{ sku: 'KAS-KSOS-5D-1Y', quantity: 4 }],
  });

  const dealerIds = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['dealer@example.com', 'dealer2@example.com']));
  const idOf = (email: string) => dealerIds.find((d) => d.email === email)?.id;
  const first = idOf('dealer2@example.com');
  const second = idOf('dealer@example.com');
  if (first && second) {
    await tx.insert(wonPrizes).values([
      {
        prizeId: phone,
        eventId: past,
        dealerId: first,
        source: 'rank',
        rank: 1,
        status: 'delivered',
        statusChangedAt: ago(40),
        createdAt: ago(44),
      },
      {
        prizeId: watch,
        eventId: past,
        dealerId: second,
        source: 'rank',
        rank: 2,
        status: 'shipped',
        statusChangedAt: ago(42),
        note: 'AZ Express courier, tracking number AZX 104 2231',
        createdAt: ago(44),
      },
    ]);
  }
};
