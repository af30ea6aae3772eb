import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export type ImageType = { ext: 'png' | 'jpg' | 'webp'; mime: string };

/** The type a file's bytes show, whatever name or declared type it came with. */
export const sniffImage = (bytes: Buffer): ImageType | undefined => {
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

export const mimeOfStoredFile = (name: string) => mimeByExt[path.extname(name).slice(1)];

/** Stored names are random and never come from the client: no path traversal. */
export const storedNamePattern = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

export const saveImage = async (options: {
  dir: string;
  bytes: Buffer;
  declaredMime: string;
}): Promise<string> => {
  const type = sniffImage(options.bytes);
  if (!type || type.mime !== options.declaredMime) {
    throw new AppError('INVALID_FILE', 'Upload a PNG, JPEG or WebP image.');
  }
  await mkdir(options.dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  await writeFile(path.join(options.dir, name), options.bytes, { flag: 'wx' });
  return name;
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

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Takes the request's one uploaded image (checked by its bytes and size) and stores it. */
export const receiveImage = async (request: FastifyRequest, dir: string): Promise<string> => {
  const file = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  if (!file) throw new AppError('INVALID_FILE', 'Choose an image to upload.');
  const bytes = await file.toBuffer().catch(() => {
    throw new AppError('INVALID_FILE', 'The image must be 2 MB or smaller.');
  });
  return saveImage({ dir, bytes, declaredMime: file.mimetype });
};
