import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

type ImageType = { ext: 'png' | 'jpg' | 'webp'; mime: string };

/** The type a file's bytes show, whatever name or declared type it came with. */
const sniffImage = (bytes: Buffer): ImageType | undefined => {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { ext: 'png', mime: 'image/png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { ext: 'jpg', mime: 'image/jpeg' };
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { ext: 'webp', mime: 'image/webp' };
  }
  return undefined;
};

const mimeByExt: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

const mimeOfStoredFile = (name: string) => mimeByExt[path.extname(name).slice(1)];

/** Stored names are random and never come from the client: no path traversal. */
export const storedNamePattern = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/** An upload whose bytes passed their checks and that nothing has written yet. */
export type CheckedFile = { bytes: Buffer; ext: string };

/** Refuses bytes that are not a PNG, JPEG or WebP image, or that claim another type. */
const checkImage = (bytes: Buffer, declaredMime: string): CheckedFile => {
  const type = sniffImage(bytes);
  if (!type || type.mime !== declaredMime) {
    throw new AppError('INVALID_FILE', 'Upload a PNG, JPEG or WebP image.');
  }
  return { bytes, ext: type.ext };
};

export const removeStoredFile = async (dir: string, name: string | null) => {
  if (!name || !storedNamePattern.test(name)) return;
  await unlink(path.join(dir, name)).catch(() => {});
};

/** Streams a stored upload with its type; unknown names are a 404. */
export const serveStoredFile = async (reply: FastifyReply, dir: string, name: string) => {
  if (!storedNamePattern.test(name)) throw new AppError('NOT_FOUND', 'File not found.');
  const file = path.join(dir, name);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new AppError('NOT_FOUND', 'File not found.');
  return reply
    .type(mimeOfStoredFile(name) ?? 'application/octet-stream')
    .header('Cache-Control', 'public, max-age=86400, immutable')
    .header('X-Content-Type-Options', 'nosniff')
    .send(createReadStream(file));
};

const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

const imageTooLarge = () => new AppError('INVALID_FILE', 'The image must be 2 MB or smaller.');

/** Reads the request's one uploaded image and checks its bytes and size; writes nothing. */
export const readImage = async (request: FastifyRequest): Promise<CheckedFile> => {
  const file = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  if (!file) throw new AppError('INVALID_FILE', 'Choose an image to upload.');
  const bytes = await file.toBuffer().catch(() => {
    throw imageTooLarge();
  });
  return checkImage(bytes, file.mimetype);
};

const pendingImages = new WeakMap<FastifyRequest, CheckedFile>();

/**
 * A preValidation hook that lets a JSON route take `multipart/form-data` too: the field `data`
 * holds the same JSON body and the optional field `file` an image. A record and its picture
 * then arrive in one request, so they are stored together or not at all; the image is checked
 * here, before the handler writes anything. `pendingImageOf` hands it to the handler.
 */
export const acceptJsonWithImage = async (request: FastifyRequest) => {
  if (!request.isMultipart()) return;
  let data: string | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 1, fieldSize: 1024 * 1024 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw new AppError('INVALID_FILE', 'Send the image as file.');
        pendingImages.set(request, checkImage(await part.toBuffer(), part.mimetype));
      } else if (part.fieldname === 'data' && typeof part.value === 'string') {
        data = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    if (code.startsWith('FST_')) {
      throw new AppError('INVALID_FILE', 'Send the fields as data and at most one image as file.');
    }
    throw error;
  }
  try {
    request.body = JSON.parse(data ?? '');
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Send the fields as JSON in the form field data.');
  }
};

/** The image a multipart request brought beside its fields (see acceptJsonWithImage). */
export const pendingImageOf = (request: FastifyRequest) => pendingImages.get(request);

/** How a route using acceptJsonWithImage describes its body in /api/docs. */
export const jsonWithImageDescription =
  'JSON, or multipart/form-data with the same JSON in the field `data` and an image (PNG, JPEG or WebP, up to 2 MB) in `file`: the record and its image are stored together or not at all.';
