import type { Language } from '@esd/shared/constants';
import type { OrderKeysFileFormat } from '@esd/shared/orders/orders.schemas';
import type { Db } from '../../db/client';
import { titleIn } from '../../lib/language';
import { csvField, csvTimestamp } from '../../lib/spreadsheet';
import type { Session } from '../../plugins/auth';
import {
  findHeldKeys,
  findOrderItems,
  findVisibleOrder,
  invalidState,
  orderNotFound,
} from '../orders';

/** "Download keys" of one order: the CSV's headers and the text file's lines. */
const keyFileWords: Record<Language, { columns: string[]; order: string; bakuTime: string }> = {
  en: {
    columns: ['Order', 'SKU', 'Product', 'Key', 'Delivered (Baku time)'],
    order: 'Order',
    bakuTime: 'Baku time',
  },
  ru: {
    columns: ['Заказ', 'SKU', 'Продукт', 'Ключ', 'Выдан (время Баку)'],
    order: 'Заказ',
    bakuTime: 'время Баку',
  },
  az: {
    columns: ['Sifariş', 'SKU', 'Məhsul', 'Açar', 'Verilib (Bakı vaxtı)'],
    order: 'Sifariş',
    bakuTime: 'Bakı vaxtı',
  },
};

/**
 * GET /api/orders/{id}/keys: "Download keys" of one order, for whoever may see the order and
 * so its keys on the order's page (404 for anyone else). The keys it holds now (revoked ones
 * left out), per line in the order of the lines. CSV: one key per row, formula cells
 * neutralised; TXT: each product's name and SKU, then its keys one per line.
 */
export const orderKeysFile = async (
  db: Db,
  session: Session,
  id: number,
  options: { format: OrderKeysFileFormat; lang: Language },
) => {
  const { format, lang } = options;
  const { order, items, keys } = await db.transaction(
    async (tx) => {
      const row = await findVisibleOrder(tx, session, id);
      if (!row) throw orderNotFound();
      const lines = await findOrderItems(tx, id);
      const held = await findHeldKeys(
        tx,
        lines.map((item) => item.id),
      );
      return { order: row.order, items: lines, keys: held };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (keys.length === 0) throw invalidState('This order has no delivered keys yet.');
  const words = keyFileWords[lang];
  const perItem = items
    .map((item) => ({ item, keys: keys.filter((k) => k.itemId === item.id) }))
    .filter((line) => line.keys.length > 0);

  const body =
    format === 'csv'
      ? `\ufeff${[
          words.columns.map(csvField).join(','),
          ...perItem.flatMap(({ item, keys: held }) =>
            held.map((k) =>
              [
                String(order.id),
                item.sku,
                titleIn(item, lang),
                k.key,
                csvTimestamp(k.allocatedAt ?? k.createdAt),
              ]
                .map(csvField)
                .join(','),
            ),
          ),
        ].join('\r\n')}\r\n`
      : `${[
          `${words.order} ${order.id}: ${csvTimestamp(order.createdAt)} (${words.bakuTime})`,
          ...perItem.flatMap(({ item, keys: held }) => [
            '',
            `${titleIn(item, lang)} (${item.sku})`,
            ...held.map((k) => k.key),
          ]),
        ].join('\r\n')}\r\n`;
  return {
    body,
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8',
    filename: `order-${order.id}-keys.${format}`,
  };
};
