import { PassThrough } from 'node:stream';
import type { Language } from '@esd/shared/constants';
import type { orderExportQuerySchema } from '@esd/shared/orders/orders.schemas';
import { SELL_TYPE, type SellType } from '@esd/shared/shop/pricing.rules';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { csvField, csvTimestamp, xlsxText, xlsxTimestamp } from '../../lib/spreadsheet';
import type { Session } from '../../plugins/auth';
import { findOrdersAfter, itemTotals, orderConditions } from './orders.repository';
import { toSummary } from './orders.service';

type ExportQuery = z.output<typeof orderExportQuerySchema>;

const headers: Record<Language, string[]> = {
  en: [
    'Order',
    'Date (Baku time)',
    'Status',
    'Type',
    'Buyer',
    'Buyer e-mail',
    'Dealer',
    'Items',
    'Quantity',
    'Total USD (excl. VAT)',
    'Total AZN',
    'Waiting items',
    'Credit settled',
  ],
  ru: [
    'Заказ',
    'Дата (время Баку)',
    'Статус',
    'Тип',
    'Покупатель',
    'E-mail покупателя',
    'Дилер',
    'Позиций',
    'Количество',
    'Итого USD (без НДС)',
    'Итого AZN',
    'Ждут ключей',
    'Кредит погашен',
  ],
  az: [
    'Sifariş',
    'Tarix (Bakı vaxtı)',
    'Status',
    'Növ',
    'Alıcı',
    'Alıcının e-poçtu',
    'Diler',
    'Mövqe',
    'Say',
    'Cəmi USD (ƏDV-siz)',
    'Cəmi AZN',
    'Açar gözləyən',
    'Kredit ödənilib',
  ],
};
const statusNames: Record<Language, Record<string, string>> = {
  en: {
    pending: 'Pending',
    in_progress: 'In progress',
    completed: 'Completed',
    cancelled: 'Cancelled',
  },
  ru: {
    pending: 'Ожидает оплаты',
    in_progress: 'В работе',
    completed: 'Выполнен',
    cancelled: 'Отменён',
  },
  az: {
    pending: 'Ödəniş gözlənilir',
    in_progress: 'İcradadır',
    completed: 'Tamamlanıb',
    cancelled: 'Ləğv edilib',
  },
};
const typeNames: Record<Language, Record<SellType, string>> = {
  en: { 1: 'Cash', 2: 'Credit' },
  ru: { 1: 'Наличные', 2: 'Кредит' },
  az: { 1: 'Nağd', 2: 'Kredit' },
};
const yesNo: Record<Language, [string, string]> = {
  en: ['Yes', 'No'],
  ru: ['Да', 'Нет'],
  az: ['Bəli', 'Xeyr'],
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
    const totals = await itemTotals(
      db,
      rows.map((r) => r.order.id),
    );
    yield rows.map((row) => toSummary(row, totals.get(row.order.id)));
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.order.createdAt, id: last.order.id };
    if (rows.length < BATCH) return;
  }
}

/**
 * GET /api/orders/export: the filtered orders as an xlsx or CSV file, streamed as it is
 * written; a failure midway is logged and ends the stream.
 */
export const exportOrders = (
  { db, log }: { db: Db; log: FastifyBaseLogger },
  session: Session,
  query: ExportQuery,
  lang: Language,
) => {
  const stamp = new Date().toISOString().slice(0, 10);
  const stream = new PassThrough();
  const cells = (o: Awaited<ReturnType<typeof toSummary>>) => [
    o.id,
    csvTimestamp(o.created_at),
    statusNames[lang][o.status] ?? o.status,
    typeNames[lang][o.sell_type],
    o.buyer.name,
    o.buyer.email,
    o.dealer.name,
    o.items_count,
    o.quantity,
    o.total_usd,
    o.total_azn,
    o.waiting_items,
    o.sell_type === SELL_TYPE.credit ? yesNo[lang][o.credit_settled ? 0 : 1] : '',
  ];

  const write = async () => {
    if (query.format === 'csv') {
      stream.write(`\ufeff${headers[lang].map(csvField).join(',')}\r\n`);
      for await (const batch of orderBatches(db, session, query)) {
        const text = batch
          .map(
            (o) =>
              `${cells(o)
                .map((c) => csvField(String(c)))
                .join(',')}\r\n`,
          )
          .join('');
        if (!stream.write(text)) await new Promise((resolve) => stream.once('drain', resolve));
      }
      stream.end();
      return;
    }
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    const sheet = workbook.addWorksheet('Orders');
    sheet.columns = headers[lang].map((header, index) => ({
      header,
      width: [8, 20, 16, 10, 24, 28, 24, 8, 10, 18, 14, 12, 12][index],
      ...(index === 9 || index === 10 ? { style: { numFmt: '#,##0.00' } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const batch of orderBatches(db, session, query)) {
      for (const o of batch) {
        const row = cells(o).map((value, index) => {
          if (index === 1) return xlsxTimestamp(o.created_at);
          // money as numbers so the sheet can sum them; two decimals are exact in a double
          if (index === 9 || index === 10) return Number(value);
          return typeof value === 'string' ? xlsxText(value) : value;
        });
        sheet.addRow(row).commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  };

  write().catch((err) => {
    log.error({ err }, 'order export failed');
    stream.destroy(err);
  });
  const extension = query.format === 'csv' ? 'csv' : 'xlsx';
  return {
    stream,
    contentType:
      query.format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: `orders-${stamp}.${extension}`,
  };
};
