import { createHash } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  LIBRARY_MAX_BYTES,
  type LibraryMeta,
  libraryMetaSchema,
} from '@esd/shared/content/library.schemas';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { CheckedFile } from '../../lib/uploads';
import {
  displayFileName,
  libraryStoredNamePattern,
  nameContradictsType,
  sniffLibraryFile,
} from './library-file-type';

/** A library file that passed its checks, with the row fields it brings; nothing written yet. */
export type CheckedLibraryFile = {
  file: CheckedFile;
  fields: { fileName: string; mimeType: string; sizeBytes: number; sha256: string };
};

const refusedType =
  'This file type is not accepted: upload a PDF, an Office document (Word, Excel, PowerPoint), a PNG or JPEG image, or a UTF-8 text or CSV file.';
const tooLarge = `The file is larger than ${LIBRARY_MAX_BYTES / 1024 / 1024} MB.`;

/**
 * Checks the bytes (and that the name does not claim another type) before anything is written;
 * the file is stored under a random name, and the client's name is kept for display.
 */
export const checkLibraryFile = (options: {
  bytes: Buffer;
  fileName: string;
}): CheckedLibraryFile => {
  const type = sniffLibraryFile(options.bytes, options.fileName);
  if (!type) throw new AppError('INVALID_FILE', refusedType);
  // a PNG named .pdf, or HTML named .pdf: what it claims to be is not what it is
  if (nameContradictsType(options.fileName, type.ext)) {
    throw new AppError(
      'INVALID_FILE',
      `This file is not accepted: its name says .${options.fileName.split('.').pop()?.toLowerCase()} but its content is ${type.ext.toUpperCase()}.`,
    );
  }
  return {
    file: { bytes: options.bytes, ext: type.ext },
    fields: {
      fileName: displayFileName(options.fileName, type.ext),
      mimeType: type.mime,
      sizeBytes: options.bytes.length,
      sha256: createHash('sha256').update(options.bytes).digest('hex'),
    },
  };
};

export const removeLibraryFile = async (dir: string, storedName: string) => {
  if (!libraryStoredNamePattern.test(storedName)) return;
  await unlink(path.join(dir, storedName)).catch(() => {});
};

export const libraryFilePath = (dir: string, storedName: string) => {
  if (!libraryStoredNamePattern.test(storedName)) return undefined;
  return path.join(dir, storedName);
};

export const parseLibraryMeta = (
  fields: Record<string, unknown>,
): LibraryMeta & { description: string } => {
  const parsed = libraryMetaSchema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: `/body/${issue.path.join('/')}`,
      message: issue.message,
    }));
    const first = issues[0]!;
    throw new AppError('VALIDATION_FAILED', `Invalid input: ${first.path} ${first.message}`, {
      issues,
    });
  }
  return parsed.data;
};

/**
 * Reads a multipart request: its text fields and at most one file (up to the library limit).
 * An oversized file is refused before anything is stored.
 */
export const readLibraryMultipart = async (request: FastifyRequest) => {
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: LIBRARY_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        file = { bytes, fileName: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('INVALID_FILE', tooLarge);
    if (code.startsWith('FST_')) {
      throw new AppError('INVALID_FILE', 'Send one file and the document fields as a form.');
    }
    throw error;
  }
  return { fields, file };
};
