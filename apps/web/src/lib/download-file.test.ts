import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromEnvelope } from './api-error';
import { fileNameFromDisposition } from './download-file';

describe('fileNameFromDisposition', () => {
  it('reads a quoted and a bare filename', () => {
    expect(fileNameFromDisposition('attachment; filename="orders-2026.xlsx"', 'x')).toBe(
      'orders-2026.xlsx',
    );
    expect(fileNameFromDisposition('attachment; filename=weekly.csv', 'x')).toBe('weekly.csv');
  });

  it('prefers filename* (RFC 6266) over the ASCII fallback, wherever it stands', () => {
    const header = `attachment; filename="Price_list.pdf"; filename*=UTF-8''Qiym%C9%99t%20c%C9%99dv%C9%99li.pdf`;
    expect(fileNameFromDisposition(header, 'x')).toBe('Qiymət cədvəli.pdf');
    const first = `attachment; filename*=utf-8'en'%D0%9F%D1%80%D0%B0%D0%B9%D1%81.pdf; filename="x.pdf"`;
    expect(fileNameFromDisposition(first, 'x')).toBe('Прайс.pdf');
  });

  it('decodes an ISO-8859-1 filename* and unescapes a quoted filename', () => {
    expect(fileNameFromDisposition(`attachment; filename*=iso-8859-1'de'Gr%FC%DFe.txt`, 'x')).toBe(
      'Grüße.txt',
    );
    expect(fileNameFromDisposition('attachment; filename="a \\"b\\"; c.txt"', 'x')).toBe(
      'a "b"; c.txt',
    );
  });

  it('does not percent-decode a plain filename', () => {
    expect(fileNameFromDisposition('attachment; filename="100%25.txt"', 'x')).toBe('100%25.txt');
  });

  it('falls back when the header is missing, names no file or has a broken filename*', () => {
    expect(fileNameFromDisposition(null, 'orders.csv')).toBe('orders.csv');
    expect(fileNameFromDisposition('attachment', 'orders.csv')).toBe('orders.csv');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'doc.pdf')).toBe(
      'doc.pdf',
    );
    expect(
      fileNameFromDisposition(`attachment; filename="plain.pdf"; filename*=UTF-8''%ZZ`, 'doc.pdf'),
    ).toBe('plain.pdf');
  });
});

describe('apiErrorFromEnvelope', () => {
  it('keeps the status, the server message, the error name and data', () => {
    const data = { error: 'FORBIDDEN', detail: 1 };
    const error = apiErrorFromEnvelope({ status: 403 }, { code: 403, message: 'Not yours', data });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      message: 'Not yours',
      errorName: 'FORBIDDEN',
      data,
    });
  });

  it('describes an answer without an envelope by its status', () => {
    expect(apiErrorFromEnvelope({ status: 502, statusText: 'Bad Gateway' }, {})).toMatchObject({
      status: 502,
      message: 'Bad Gateway',
      errorName: undefined,
    });
    expect(apiErrorFromEnvelope({ status: 500, statusText: '' }, {}).message).toBe('HTTP 500');
  });

  it('ignores an error name the app does not know', () => {
    const error = apiErrorFromEnvelope({ status: 400 }, { message: 'x', data: { error: 'NOPE' } });
    expect(error.errorName).toBeUndefined();
  });
});
