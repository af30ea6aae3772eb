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
  'payment-rate': [
    `${modules}orders/order-actions.service.ts`,
    '    await repo.setOrderAzn(tx, id, due);\n',
    '',
    [`${modules}orders/orders.payment-rate.routes.test.ts`],
  ],
  'payment-amount-check': [
    `${modules}orders/order-actions.service.ts`,
    'if (input.expectedAzn !== undefined && compareMoney(input.expectedAzn, due.totalAzn) !== 0)',
    'if (false)',
    [`${modules}orders/orders.payment-rate.routes.test.ts`],
  ],
  'passkey-user-verification': [
    `${modules}auth/passkeys.service.ts`,
    '        requireUserVerification: true,',
    '        requireUserVerification: false,',
    [`${modules}auth/passkeys.routes.test.ts`],
  ],
  'totp-step-replay': [
    `${modules}auth/mfa.repository.ts`,
    'or(isNull(userTotp.lastStep), lt(userTotp.lastStep, input.step))',
    'or(isNull(userTotp.lastStep), sql`true`)',
    [`${modules}auth/mfa.routes.test.ts`],
  ],
  'sign-in-pair-delay': [
    `${modules}auth/auth.service.ts`,
    'await repo.blockedUntil(db, [keys.pair, keys.address], now);',
    'await repo.blockedUntil(db, [keys.address], now);',
    [`${modules}auth/sign-in-throttle.test.ts`],
  ],
  'best-seller-order': [
    `${modules}statistics/sales-top.repository.ts`,
    'order by g.amount_usd desc, g.quantity desc, g.product_id',
    'order by g.amount_usd desc, g.product_id',
    [`${modules}statistics/sales-statistics.routes.test.ts`],
  ],
  'attribute-fallback': [
    `${modules}catalogue/products.repository.ts`,
    "  lang === 'en'\n    ? sql<string>",
    '  true\n    ? sql<string>',
    [`${modules}catalogue/products.routes.test.ts`],
  ],
  'keys-stranger-greeting': [
    `${modules}delivery/delivery.service.ts`,
    'address.toLowerCase() === order.email.toLowerCase()',
    'true',
    [`${modules}orders/orders.routes.test.ts`],
  ],
  'prize-claim-notice': [
    `${modules}events/events.service.ts`,
    '      await notifyAdmins({\n',
    '      void ({\n',
    [`${modules}notifications/notifications.routes.test.ts`],
  ],
  'adobe-item-sku': [
    `${modules}checkout/checkout.repository.ts`,
    'sku: item.adobe?.option_id ?? product.sku,',
    'sku: product.sku,',
    [`${modules}adobe/adobe.renewal.test.ts`],
  ],
  'adobe-committed-order': [
    `${modules}adobe/adobe.service.ts`,
    '      !committed &&\n',
    '',
    [`${modules}adobe/adobe.renewal.test.ts`],
  ],
  'adobe-customer-commitment': [
    `${modules}adobe/adobe.service.ts`,
    'const threeYear = committed || input.treeYearCommitment === 1;',
    'const threeYear = input.treeYearCommitment === 1;',
    [model],
  ],
  'adobe-no-keys-to-send': [
    `${modules}orders/order-actions.service.ts`,
    "(n, i) => n + (i.status === 'returned' || i.providerId === PROVIDER.adobe ? 0 : i.delivered),",
    "(n, i) => n + (i.status === 'returned' ? 0 : i.delivered),",
    [`${modules}adobe/adobe.renewal.test.ts`],
  ],
  // issue 33: a key is one key in the whole pool (invariant 8)
  'key-pool-preview': [
    `${modules}keys/keys.service.ts`,
    '      const existing = await repo.findExistingKeys(db, keys.keys);\n',
    '      const existing: repo.ExistingKey[] = [];\n',
    [`${modules}keys/keys.pool.test.ts`],
  ],
  'key-pool-refusal': [
    `${modules}keys/keys.service.ts`,
    'const refused = keys.keys.filter((key) => !isStored.has(key));',
    'const refused: string[] = [];',
    [`${modules}keys/keys.pool.test.ts`],
  ],
  'key-pool-case': [
    `${modules}keys/keys.repository.ts`,
    ' k on lower(k.key) = lower(asked.k)',
    ' k on k.key = asked.k',
    [`${modules}keys/keys.pool.test.ts`],
  ],
  'key-pool-race': [
    `${modules}keys/keys.repository.ts`,
    '      on conflict ((lower(key))) where duplicate_of is null do nothing\n',
    '',
    [`${modules}keys/keys.pool.test.ts`],
  ],
  // issue 33: one low-stock mail per fall under the threshold
  'low-stock-once': [
    `${modules}keys/keys.repository.ts`,
    'lowStockNotifiedAt} is null`;',
    'lowStockNotifiedAt} is null or true`;',
    [
      `${modules}notifications/notifications.routes.test.ts`,
      `${modules}keys/keys.delivery.test.ts`,
    ],
  ],
  // issue 35: a delivery started right after payment queues no job; a failed one must
  'delivery-retry': [
    `${modules}delivery/delivery.jobs.ts`,
    '          return queueRetry(orderId);\n',
    '',
    [`${modules}orders/orders.routes.test.ts`],
  ],
  // issue 35: the keys mail's claim and its buyer in one statement: only the claimer sends
  'keys-mail-claim': [
    `${modules}orders/order-mail-claims.repository.ts`,
    'exists (select 1 from claimed) as claimed',
    'true as claimed',
    [`${modules}jobs/jobs.reliability.test.ts`],
  ],
  // issue 35: a credit order's invoice names the parties read with the placing state
  'invoice-parties-with-placing': [
    `${modules}checkout/checkout.service.ts`,
    '      parties: state.parties,',
    '      parties: null,',
    [`${modules}invoices/invoices.buyer.routes.test.ts`],
  ],
  // issue 35: a credit order's kept answer is written in its invoice's statement
  'checkout-answer-with-invoice': [
    `${modules}invoices/invoices.repository.ts`,
    '        ${alongside ? sql`, alongside as (${alongside.getSQL()})` : sql``}\n',
    '',
    [`${modules}orders/orders.routes.test.ts`],
  ],
  // issue 35: Baku's clock read by arithmetic agrees with the zone data, before and after 2015
  'baku-clock-arithmetic': [
    'packages/shared/src/baku-time.ts',
    'const BAKU_FIXED_OFFSET_SINCE = Date.UTC(2015, 9, 25, 0, 0, 0);',
    'const BAKU_FIXED_OFFSET_SINCE = Date.UTC(2015, 2, 1, 0, 0, 0);',
    ['packages/shared/src/baku-time.test.ts'],
  ],
  // issue 35: the dealers with webhook endpoints, kept per process, are dropped by any change
  'webhook-endpoints-notified': [
    `${modules}webhooks/webhooks.jobs.ts`,
    '        channel: ENDPOINTS_CHANGED_CHANNEL,',
    "        channel: 'esd_nobody_notifies_this',",
    [`${modules}webhooks/webhooks.test.ts`],
  ],
  // issue 33: returned keys are revoked, so nobody is offered them, nor may mail them
  'returned-keys-offer': [
    'packages/shared/src/orders/orders.rules.ts',
    'send_keys: (o.isOwner || o.isAdmin) && o.heldKeys > 0,',
    'send_keys: (o.isOwner || o.isAdmin) && o.deliveredKeys > 0,',
    [`${modules}orders/orders.returns-status.routes.test.ts`],
  ],
  'returned-keys-mail': [
    `${modules}delivery/delivery.service.ts`,
    '    if (keys.held === 0)\n',
    '    if (false)\n',
    [`${modules}orders/orders.returns-status.routes.test.ts`],
  ],
  'return-decision-audit': [
    `${modules}orders/order-actions.service.ts`,
    "    await audit('order.return_approve');\n",
    '',
    [`${modules}orders/orders.returns-status.routes.test.ts`],
  ],
  'api-key-secret': [
    'apps/server/src/plugins/auth.ts',
    'if (!row || !secretMatches(parsed.secret, row.key.secretHash)) return refuseKey();',
    'if (!row) return refuseKey();',
    [`${modules}api-keys/api-keys.routes.test.ts`],
  ],
  'api-key-revoked': [
    'apps/server/src/plugins/auth.ts',
    'if (key.revokedAt || key.expiresAt <= now) return refuseKey();',
    'if (key.expiresAt <= now) return refuseKey();',
    [`${modules}api-keys/api-keys.routes.test.ts`, `${modules}api-keys/api-keys.processes.test.ts`],
  ],
  'api-key-dealer-active': [
    'apps/server/src/plugins/auth.ts',
    "if (!user.isActive || role !== 'd') return refuseKey();",
    "if (role !== 'd') return refuseKey();",
    [`${modules}api-keys/api-keys.routes.test.ts`, `${modules}api-keys/api-keys.processes.test.ts`],
  ],
  'api-key-scope': [
    'apps/server/src/plugins/auth.ts',
    'if (!scope || !session.apiKey.scopes.includes(scope)) {',
    'if (!scope) {',
    [
      `${modules}api-keys/api-keys.routes.test.ts`,
      'apps/server/test/security/access-matrix.test.ts',
    ],
  ],
};

// `--check` (in `npm run lint`): every guard is in its file, once. A run killed mid-mutation
// (a timeout, a closed terminal) leaves its mutation in the source, where a commit would take it;
// once one reached main this way and let concurrent checkouts past the credit limit.
if (process.argv.includes('--check')) {
  const missing = Object.entries(mutations).filter(
    ([, [file, guard]]) => readFileSync(file, 'utf8').split(guard).length !== 2,
  );
  for (const [name, [file]] of missing)
    console.error(`hand mutation ${name}: its guard is not once in ${file} (a mutation left in?)`);
  process.exit(missing.length > 0 ? 1 : 0);
}

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
