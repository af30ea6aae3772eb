import { PassThrough } from 'node:stream';
import type { Language } from '@esd/shared/constants';
import type { orderExportQuerySchema } from '@esd/shared/orders/orders.schemas';
import { SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { titleIn } from '../../lib/language';
import { csvField, csvTimestamp, xlsxText, xlsxTimestamp } from '../../lib/spreadsheet';
import type { Session } from '../../plugins/auth';
import { itemHeaders, orderHeaders, statusNames, typeNames, yesNo } from './orders.export-words';
import {
  findHeldKeys,
  findItemsOfOrders,
  findOrdersAfter,
  itemTotals,
  type OrderListRow,
  orderConditions,
} from './orders.repository';
import { toSummary } from './orders.service';

type ExportQuery = z.output<typeof orderExportQuerySchema>;

/** A cell: text (neutralised against formulas), a whole number, a moment, or money. */
type Cell = string | number | { at: string } | { money: string };
type Table = {
  sheet: string;
  headers: string[];
  widths: number[];
  /** the rows, a batch at a time */
  batches: AsyncIterable<Cell[][]>;
};

const BATCH = 1000;

/**
 * Every order of the filters, newest first, read in keyset batches so an export of a
 * hundred thousand orders never holds them all in memory.
 */
async function* orderBatches(db: Db, session: Session, query: ExportQuery) {
  const where = orderConditions(session, query);
  let after: { createdAt: Date; id: number } | undefined;
  for (;;) {
    const rows = await findOrdersAfter(db, where, after, BATCH);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.order.createdAt, id: last.order.id };
    if (rows.length < BATCH) return;
  }
}

/** One row per order: what the list shows, with the buyer, the dealer and the totals. */
const orderTable = (db: Db, session: Session, query: ExportQuery, lang: Language): Table => ({
  sheet: 'Orders',
  headers: orderHeaders[lang],
  widths: [8, 20, 16, 10, 24, 28, 24, 8, 10, 18, 14, 12, 12, 12, 18, 14],
  batches: (async function* () {
    for await (const rows of orderBatches(db, session, query)) {
      const totals = await itemTotals(
        db,
        rows.map((r) => r.order.id),
      );
      yield rows.map((row): Cell[] => {
        const o = toSummary(row, totals.get(row.order.id));
        return [
          o.id,
          { at: o.created_at },
          statusNames[lang][o.display_status],
          typeNames[lang][o.sell_type],
          o.buyer.name,
          o.buyer.email,
          o.dealer.name,
          o.items_count,
          o.quantity,
          { money: o.total_usd },
          { money: o.total_azn },
          o.waiting_items,
          o.sell_type === SELL_TYPE.credit ? yesNo[lang][o.credit_settled ? 0 : 1] : '',
          o.returned_quantity,
          { money: o.returned_usd },
          { money: o.returned_azn },
        ];
      });
    }
  })(),
});

/**
 * One row per order line. The keys column is a shopper's (dealer or end user) and holds the
 * keys only on the lines of its own purchases, one per line of the cell: a dealer exporting its
 * users' orders, or an admin any order, gets the lines without keys (a file of keys travels
 * further than a page; each order's page still shows them, and "Download keys" gives them).
 */
const itemTable = (db: Db, session: Session, query: ExportQuery, lang: Language): Table => {
  const words = itemHeaders[lang];
  const withKeys = session.role === 'd' || session.role === 'u';
  const keysOf = async (rows: OrderListRow[], itemIds: (orderId: number) => number[]) => {
    const own = rows.filter((r) => r.order.buyerId === session.user.id);
    const keys = await findHeldKeys(
      db,
      own.flatMap((r) => itemIds(r.order.id)),
    );
    const byItem = new Map<number, string[]>();
    for (const { itemId, key } of keys) {
      if (itemId === null) continue;
      const held = byItem.get(itemId);
      if (held) held.push(key);
      else byItem.set(itemId, [key]);
    }
    return byItem;
  };
  return {
    sheet: 'Items',
    headers: withKeys ? [...words.columns, words.keys] : words.columns,
    widths: [8, 20, 16, 10, 24, 24, 16, 36, 10, 18, 18, 14, 40],
    batches: (async function* () {
      for await (const rows of orderBatches(db, session, query)) {
        const items = await findItemsOfOrders(
          db,
          rows.map((r) => r.order.id),
        );
        const byOrder = new Map<number, typeof items>();
        for (const item of items) {
          const lines = byOrder.get(item.orderId);
          if (lines) lines.push(item);
          else byOrder.set(item.orderId, [item]);
        }
        const keys = withKeys
          ? await keysOf(rows, (orderId) => (byOrder.get(orderId) ?? []).map((i) => i.id))
          : new Map<number, string[]>();
        yield rows.flatMap(({ order, buyer, dealer }) =>
          (byOrder.get(order.id) ?? []).map((item): Cell[] => [
            order.id,
            { at: order.createdAt.toISOString() },
            statusNames[lang][order.status],
            typeNames[lang][order.sellType],
            buyer.name,
            dealer.name,
            item.sku,
            titleIn(item, lang),
            item.quantity,
            { money: item.unitUsd },
            { money: item.totalUsd },
            { money: item.totalAzn },
            ...(withKeys ? [(keys.get(item.id) ?? []).join('\n')] : []),
          ]),
        );
      }
    })(),
  };
};

const csvText = (cell: Cell) =>
  typeof cell === 'object' ? ('at' in cell ? csvTimestamp(cell.at) : cell.money) : String(cell);

const xlsxValue = (cell: Cell) => {
  if (typeof cell !== 'object') return typeof cell === 'string' ? xlsxText(cell) : cell;
  if ('at' in cell) return xlsxTimestamp(cell.at);
  // money-floats: money as numbers so the sheet can sum them; two decimals are exact in a double
  return Number(cell.money);
};

/** Writes the table into the stream as CSV (with a BOM, for spreadsheets) or xlsx. */
const writeTable = async (stream: PassThrough, format: 'csv' | 'xlsx', table: Table) => {
  if (format === 'csv') {
    stream.write(`\ufeff${table.headers.map(csvField).join(',')}\r\n`);
    for await (const rows of table.batches) {
      const text = rows
        .map((row) => `${row.map((cell) => csvField(csvText(cell))).join(',')}\r\n`)
        .join('');
      if (!stream.write(text)) await new Promise((resolve) => stream.once('drain', resolve));
    }
    stream.end();
    return;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(table.sheet);
  sheet.columns = table.headers.map((header, index) => ({
    header,
    width: table.widths[index] ?? 12,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of table.batches) {
    for (const row of rows) {
      const added = sheet.addRow(row.map(xlsxValue));
      row.forEach((cell, index) => {
        if (typeof cell === 'object' && 'money' in cell)
          added.getCell(index + 1).numFmt = '#,##0.00';
        if (typeof cell === 'string' && cell.includes('\n'))
          added.getCell(index + 1).alignment = { wrapText: true, vertical: 'top' };
      });
      added.commit();
    }
  }
  sheet.commit();
  await workbook.commit();
};

/**
 * GET /api/orders/export: the filtered orders as an xlsx or CSV file, one row per order or
 * (`detail=items`) one per order line, streamed as it is written; the query was validated
 * before the first byte, and a failure midway is logged and ends the stream.
 */
export const exportOrders = (
  { db, log, clock }: { db: Db; log: FastifyBaseLogger; clock: Clock },
  session: Session,
  query: ExportQuery,
  lang: Language,
) => {
  const stamp = clock.now().toISOString().slice(0, 10);
  const stream = new PassThrough();
  const table =
    query.detail === 'items'
      ? itemTable(db, session, query, lang)
      : orderTable(db, session, query, lang);
  writeTable(stream, query.format, table).catch((err) => {
    log.error({ err }, 'order export failed');
    stream.destroy(err);
  });
  const name = query.detail === 'items' ? 'order-items' : 'orders';
  return {
    stream,
    contentType:
      query.format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: `${name}-${stamp}.${query.format}`,
  };
};
