// The server's guards broken by hand, one at a time (docs/testing.md#the-servers-guards-broken-by-hand):
// each mutation is a one-line change, the named suites run at their `npm test` setting, and the
// source is restored. Every guard must make a suite fail.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:hand-mutations [-- name …]
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const modules = 'apps/server/src/modules/';
const model = `${modules}orders/invariants.model.test.ts`;

/** name → [file, the guard's text, what it becomes, the suites that must fail] */
const mutations = {
  'credit-lock': [
    `${modules}checkout/checkout.service.ts`,
    ': await dealerCredit(tx, dealerId, { lock: true });',
    ': await dealerCredit(tx, dealerId);',
    [`${modules}orders/orders.concurrency.test.ts`],
  ],
  'credit-check': [
    `${modules}checkout/checkout.service.ts`,
    'if (!credit || !fitsCredit(priced.totalUsd, credit.remaining)) {',
    'if (!credit) {',
    [model],
  ],
  'quote-binding': [
    `${modules}checkout/checkout.service.ts`,
    '    await requireConfirmedReview(tx, { ...session, user: buyer }, { input, priced });\n',
    '',
    [model, `${modules}checkout/checkout.quote.test.ts`],
  ],
  'cost-floor-refusal': [
    `${modules}dealer/dealer-prices.service.ts`,
    '      if (lowest) {',
    '      if (false && lowest) {',
    [model],
  ],
  'cost-floor-price': [
    'packages/shared/src/shop/pricing.rules.ts',
    'compareMoney(price, cost) >= 0 ? price : cost',
    'price',
    [model],
  ],
  'points-check': [
    `${modules}orders/order-actions.service.ts`,
    '    await assertReturnKeepsPoints(tx, {\n      dealerId: order.dealerId,\n      orderItemId: item.id,\n      lang: decision.lang,\n    });\n',
    '',
    [`${modules}events/events.returns.test.ts`],
  ],
  'basket-lock': [
    `${modules}basket/basket.service.ts`,
    '        await repo.lockBasketOwner(tx, userId);\n',
    '',
    [model, `${modules}basket/basket.concurrency.test.ts`],
  ],
  'cancel-refund': [
    `${modules}orders/order-actions.service.ts`,
    '    await recordMoney(\n      tx,\n      { orderId: id, actorId: session.user.id, note },\n      cancelRefund(moneyStateOf(order)),\n    );\n',
    '',
    [model, `${modules}orders/orders.money-trail.routes.test.ts`],
  ],
};

const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(mutations);
const survivors = [];
for (const name of chosen) {
  const mutation = mutations[name];
  if (!mutation) throw new Error(`unknown mutation ${name}: ${Object.keys(mutations).join(', ')}`);
  const [file, guard, broken, suites] = mutation;
  const source = readFileSync(file, 'utf8');
  if (source.split(guard).length !== 2)
    throw new Error(`${name}: the guard is not once in ${file}`);
  writeFileSync(file, source.replace(guard, broken));
  try {
    const run = spawnSync('npx', ['vitest', 'run', ...suites], {
      env: {
        ...process.env,
        CI: 'true',
        NO_COLOR: '1',
        FUZZ_SEED: process.env.FUZZ_SEED ?? '172026',
      },
      encoding: 'utf8',
    });
    const failed = [...new Set((run.stdout + run.stderr).match(/FAIL .*? > .*/g) ?? [])];
    console.log(`${run.status === 0 ? 'SURVIVED' : 'caught  '} ${name}`);
    for (const line of failed.slice(0, 4)) console.log(`    ${line}`);
    if (run.status === 0) survivors.push(name);
  } finally {
    writeFileSync(file, source);
  }
}
if (survivors.length > 0) {
  console.error(`no suite noticed: ${survivors.join(', ')}`);
  process.exit(1);
}
