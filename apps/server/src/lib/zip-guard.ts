import { inflateRawSync } from 'node:zlib';
import { AppError } from './errors';

/**
 * Reads a zip (an xlsx is one) within budgets, before any parser sees it (issue 18): a 2 MB
 * file that inflates to gigabytes took the server from 0.5 to 2.6 GB. Every entry is inflated
 * here with a cap on what it may produce (the sizes a file declares may lie), so memory stays
 * bounded whatever the file says.
 */

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

export type ZipLimits = { maxBytes: number; maxEntries: number };
export type ZipEntry = { name: string; data: Buffer };

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const inflateZipWithin = (bytes: Buffer, limits: ZipLimits): ZipEntry[] => {
  const unreadable = () => new AppError('INVALID_FILE', 'The file is not a readable zip archive.');
  const tooBig = () =>
    new AppError(
      'INVALID_FILE',
      `The file unpacks to more than ${megabytes(limits.maxBytes)}: split it into smaller files.`,
    );
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  // zip64 (over 65,535 entries or 4 GB) is never a key or rate file
  if (count === 0xffff || at === 0xffffffff) throw tooBig();
  if (count > limits.maxEntries)
    throw new AppError(
      'INVALID_FILE',
      `The file holds more than ${limits.maxEntries} parts: it is not a plain workbook.`,
    );
  let total = 0;
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw unreadable();
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + skip;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_HEADER) throw unreadable();
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + compressed > bytes.length) throw unreadable();
    const raw = bytes.subarray(start, start + compressed);
    const budget = limits.maxBytes - total;
    let data: Buffer;
    if (method === STORED) data = raw;
    else if (method === DEFLATED) {
      try {
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, budget) });
      } catch (error) {
        if (error instanceof RangeError) throw tooBig();
        throw unreadable();
      }
    } else throw unreadable();
    total += data.length;
    if (total > limits.maxBytes) throw tooBig();
    entries.push({ name, data });
  }
  return entries;
};
