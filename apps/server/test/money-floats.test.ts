/**
 * Issue 29, "money is exact everywhere": no amount or quantity × price is computed in floating
 * point, on the server or in the web app. Every money path goes through the shared decimal
 * helpers (`packages/shared/src/shop/money.ts`: BigInt cents) and the web shows decimal strings
 * with `formatUsd`/`formatAzn`, which never pass through a float.
 *
 * This scans the money code for what would turn an amount into a float: `parseFloat`,
 * `.toFixed`, `Number(…)` or `Math.round/floor/ceil/trunc(…)` of something named like money,
 * a unary `+` on it, and money-named operands of `*` or `/` outside BigInt code (SQL in
 * repositories is PostgreSQL's exact numeric). A line that must (a chart plots numbers, a
 * spreadsheet sums number cells) says why in a comment on it or above it: `display only` or
 * `money-floats: <why>`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The money code paths: pricing, basket, checkout, orders, invoices; the web's money display. */
const MONEY_PATHS = [
  'packages/shared/src/shop',
  'packages/shared/src/orders',
  'packages/shared/src/invoices',
  'packages/shared/src/catalogue',
  'apps/server/src/modules/basket',
  'apps/server/src/modules/orders',
  'apps/server/src/modules/checkout',
  'apps/server/src/modules/delivery',
  'apps/server/src/modules/invoices',
  'apps/server/src/modules/catalogue',
  'apps/server/src/modules/adobe',
  'apps/server/src/modules/statistics',
  'packages/shared/src/format',
  'apps/server/src/modules/credit',
  // webhook payloads carry an order's amounts (issue 34)
  'apps/server/src/modules/webhooks',
  'apps/web/src/features/credit',
  'apps/web/src/features/basket',
  'apps/web/src/features/checkout',
  'apps/web/src/features/orders',
  'apps/web/src/features/products',
  'apps/web/src/features/adobe',
  'apps/web/src/features/statistics',
];

/** Words that name an amount of money (or a rate or percent applied to one). */
const MONEY = String.raw`(?:amount|price|usd|azn|vat|cost|money|surcharge|markup|rate\b|percent|refund)`;
const RULES: [string, RegExp][] = [
  ['parseFloat', /\bparseFloat\s*\(/],
  ['toFixed', /\.toFixed\s*\(/],
  ['Number() of an amount', new RegExp(String.raw`\bNumber\s*\([^()]*${MONEY}`, 'i')],
  [
    'Math rounding of an amount',
    new RegExp(String.raw`\bMath\.(?:round|floor|ceil|trunc)\s*\([^()]*${MONEY}`, 'i'),
  ],
  ['unary + of an amount', new RegExp(String.raw`(?:^|[=(,:?]|return)\s*\+\s*[\w.]*${MONEY}`, 'i')],
  [
    'float arithmetic on an amount',
    // a money-named operand of * or /, unless the line is BigInt arithmetic (`n` literals, BigInt)
    new RegExp(
      String.raw`(?:\b\w*${MONEY}\w*(?:\.\w+)*\s*(?:\*|\s/\s)|(?:\*|\s/\s)\s*\(?[\w.]*${MONEY})`,
      'i',
    ),
  ],
];
/** A line may, when it or the line above says why: `display only` or `money-floats: <why>`. */
const ALLOWED = /display only|money-floats:/i;
const BIGINT_LINE = /\d+n\b|BigInt\(|toCents\(|parseDecimal\(/;

/** Sources, without tests and repositories (their arithmetic is SQL's exact numeric). */
const sourceFiles = (entry: string): string[] => {
  const full = path.join(root, entry);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(full, name))
    .filter(
      (file) =>
        /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.repository.ts'),
    );
};

const STRINGS = /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

/** The lines of `text` that turn an amount into a float, as `line: rule: text`. */
export const floatUses = (text: string) =>
  text.split('\n').flatMap((line, i, lines) => {
    const code = line
      .replace(STRINGS, "''")
      .replace(/\/\/.*$/, '')
      .trim();
    if (/^(\*|\/\*|import\b|\} from\b)/.test(code)) return [];
    if (ALLOWED.test(line) || ALLOWED.test(lines[i - 1] ?? '')) return [];
    return RULES.flatMap(([name, pattern]) => {
      if (!pattern.test(code)) return [];
      if (name === 'float arithmetic on an amount' && BIGINT_LINE.test(code)) return [];
      return [`${i + 1}: ${name}: ${code}`];
    });
  });

describe('[money] no floats in money code', () => {
  it('finds no float arithmetic, parseFloat, toFixed or Number() of an amount in the money paths', () => {
    const found = MONEY_PATHS.flatMap(sourceFiles).flatMap((file) =>
      floatUses(readFileSync(file, 'utf8')).map((use) => `${path.relative(root, file)}:${use}`),
    );
    expect(found).toEqual([]);
  });

  it('flags what would make an amount a float, and not integer work on counts', () => {
    for (const line of [
      'const total = Number(amount) * quantity;',
      'const unit = parseFloat(line.unit_usd);',
      'return price.toFixed(2);',
      'const shown = Math.round(totalUsd * 100) / 100;',
      'const sum = +item.total_azn + +other.total_azn;',
      'const vat = line.totalUsd * 0.18;',
    ]) {
      expect(floatUses(line), line).not.toEqual([]);
    }
    for (const line of [
      'const page = Number(query.page);',
      "const [year, month] = value.split('-').map(Number);",
      'totalQuantity: items.reduce((total, item) => total + item.quantity, 0),',
      'const cents = toCents(usd) * (hundred + parseDecimal(vat, 2));',
      'const share = Math.round((part * 100) / count);',
      '// Number(amount) in a comment',
    ]) {
      expect(floatUses(line), line).toEqual([]);
    }
  });
});
