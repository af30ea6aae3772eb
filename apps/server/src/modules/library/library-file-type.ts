import type { LibraryFileKind } from '@esd/shared/content/library.schemas';

export type LibraryFileType = { kind: LibraryFileKind; mime: string; ext: string };

const types: Record<LibraryFileKind, LibraryFileType> = {
  pdf: { kind: 'pdf', mime: 'application/pdf', ext: 'pdf' },
  xlsx: {
    kind: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ext: 'xlsx',
  },
  docx: {
    kind: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ext: 'docx',
  },
  pptx: {
    kind: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ext: 'pptx',
  },
  xls: { kind: 'xls', mime: 'application/vnd.ms-excel', ext: 'xls' },
  doc: { kind: 'doc', mime: 'application/msword', ext: 'doc' },
  ppt: { kind: 'ppt', mime: 'application/vnd.ms-powerpoint', ext: 'ppt' },
  png: { kind: 'png', mime: 'image/png', ext: 'png' },
  jpg: { kind: 'jpg', mime: 'image/jpeg', ext: 'jpg' },
  csv: { kind: 'csv', mime: 'text/csv', ext: 'csv' },
  txt: { kind: 'txt', mime: 'text/plain', ext: 'txt' },
};

const kindByMime = new Map(Object.values(types).map((t) => [t.mime, t.kind]));

/** The kind of a stored document from the type recorded at upload. */
export const kindOfMime = (mime: string): LibraryFileKind => kindByMime.get(mime) ?? 'txt';

const startsWith = (bytes: Buffer, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const has = (bytes: Buffer, text: string, encoding: 'latin1' | 'utf16le' = 'latin1') =>
  bytes.includes(Buffer.from(text, encoding));

/** Office Open XML: a zip whose entries include [Content_Types].xml and the part of one kind. */
const sniffOpenXml = (bytes: Buffer): LibraryFileType | undefined => {
  if (!has(bytes, '[Content_Types].xml')) return undefined;
  if (has(bytes, 'xl/workbook')) return types.xlsx;
  if (has(bytes, 'word/document')) return types.docx;
  if (has(bytes, 'ppt/presentation')) return types.pptx;
  return undefined;
};

/** Legacy Office: an OLE compound file whose directory names the main stream. */
const sniffOle = (bytes: Buffer): LibraryFileType | undefined => {
  if (has(bytes, 'WordDocument', 'utf16le')) return types.doc;
  if (has(bytes, 'Workbook', 'utf16le') || has(bytes, 'Book', 'utf16le')) return types.xls;
  if (has(bytes, 'PowerPoint Document', 'utf16le')) return types.ppt;
  return undefined;
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

const isPlainText = (bytes: Buffer) => {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/**
 * What a file is, told from its bytes alone (never its name or declared type); undefined for
 * anything the library does not accept. Text is CSV when its name says so, plain otherwise:
 * both are served as inert text.
 */
export const sniffLibraryFile = (bytes: Buffer, fileName: string): LibraryFileType | undefined => {
  if (bytes.length === 0) return undefined;
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return types.pdf; // %PDF-
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return sniffOpenXml(bytes);
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return sniffOle(bytes);
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return types.png;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return types.jpg;
  if (isPlainText(bytes)) return /\.csv$/i.test(fileName) ? types.csv : types.txt;
  return undefined;
};

/** Stored library files: random hex plus the sniffed extension; nothing from the client. */
export const libraryStoredNamePattern =
  /^[a-f0-9]{32}\.(pdf|xlsx|docx|pptx|xls|doc|ppt|png|jpg|csv|txt)$/;

/** The extensions a name may carry for each stored extension (a JPEG is often .jpeg). */
const extensionsOf: Record<string, string[]> = { jpg: ['jpg', 'jpeg'] };
const knownExtensions = new Set(
  Object.values(types).flatMap((t) => extensionsOf[t.ext] ?? [t.ext]),
);

/**
 * Whether the name's extension disagrees with the bytes: a PNG named .pdf, text named .docx.
 * A name without one of the library's extensions does not claim a type.
 */
export const nameContradictsType = (fileName: string, ext: string) => {
  const claimed = /\.([^./\\]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (!claimed || !knownExtensions.has(claimed)) return false;
  return !(extensionsOf[ext] ?? [ext]).includes(claimed);
};

/**
 * The uploader's name for display only: no folders, no control characters, bounded, and ending
 * in the extension of what the bytes are, so a download never opens as another type.
 */
export const displayFileName = (raw: string, ext: string): string => {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(-200);
  if (!base || base === '.' || base === '..') return `document.${ext}`;
  const own = /\.([^.]+)$/.exec(base)?.[1]?.toLowerCase() ?? '';
  return (extensionsOf[ext] ?? [ext]).includes(own) ? base : `${base}.${ext}`;
};
