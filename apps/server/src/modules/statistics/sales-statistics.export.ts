import { PassThrough } from 'node:stream';
import type { StatisticsExportFormat } from '@esd/shared/statistics/sales-statistics.schemas';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { sendAttachment } from '../../lib/attachment';
import { csvField, xlsxText } from '../../lib/spreadsheet';
import type { Cell, Sheet } from './sales-statistics.sheets';

const text = (cell: Cell) =>
  cell === null ? '' : typeof cell === 'object' ? cell.money : String(cell);

/**
 * Streams sheets as xlsx (one worksheet each; money as numbers with 2 decimals, which a double
 * holds exactly) or as one CSV (sheets one after another, each with a title line). Text cells
 * a spreadsheet would run as a formula get a leading apostrophe.
 */
export const sendSheets = (
  log: FastifyBaseLogger,
  reply: FastifyReply,
  format: StatisticsExportFormat,
  filename: string,
  sheets: Sheet[],
) => {
  const stream = new PassThrough();
  const write = async () => {
    if (format === 'csv') {
      stream.write('\ufeff');
      sheets.forEach((sheet, index) => {
        if (sheets.length > 1) stream.write(`${index ? '\r\n' : ''}${csvField(sheet.name)}\r\n`);
        stream.write(`${sheet.headers.map(csvField).join(',')}\r\n`);
        for (const row of sheet.rows)
          stream.write(`${row.map((cell) => csvField(text(cell))).join(',')}\r\n`);
      });
      stream.end();
      return;
    }
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    for (const sheet of sheets) {
      // worksheet names: at most 31 characters, none of []:*?/\
      const worksheet = workbook.addWorksheet(sheet.name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
      worksheet.columns = sheet.headers.map((header) => ({
        header,
        width: Math.max(12, header.length + 2),
      }));
      worksheet.getRow(1).font = { bold: true };
      worksheet.getRow(1).commit();
      for (const row of sheet.rows) {
        const added = worksheet.addRow(
          row.map((cell) =>
            cell === null
              ? null
              : typeof cell === 'object'
                ? Number(cell.money) // money-floats: a sheet's number cell, summed by the sheet
                : typeof cell === 'string'
                  ? xlsxText(cell)
                  : cell,
          ),
        );
        row.forEach((cell, index) => {
          if (cell !== null && typeof cell === 'object')
            added.getCell(index + 1).numFmt = '#,##0.00';
        });
        added.commit();
      }
      worksheet.commit();
    }
    await workbook.commit();
  };
  write().catch((err) => {
    log.error({ err }, 'statistics export failed');
    stream.destroy(err);
  });
  return sendAttachment(reply, {
    contentType:
      format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    filename: `${filename}.${format}`,
    body: stream,
  });
};
