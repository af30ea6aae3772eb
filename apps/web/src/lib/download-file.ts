import { type ApiRequestOptions, apiFetchFile } from './api-client';

const parameterPattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;

/** `filename*` is `charset'language'percent-encoded` (RFC 5987); unknown charsets are skipped. */
const decodeExtValue = (value: string): string | undefined => {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value.trim());
  if (!match) return undefined;
  const [, charset = '', encoded = ''] = match;
  try {
    if (charset.toLowerCase() === 'utf-8') return decodeURIComponent(encoded);
    if (charset.toLowerCase() === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  } catch {
    // a broken escape: fall back to the plain `filename`
  }
  return undefined;
};

/**
 * The file name a `Content-Disposition` answer header asks for (RFC 6266): `filename*` wins
 * over the plain `filename`, which is a quoted string or a token; `fallback` when neither is there.
 */
export const fileNameFromDisposition = (header: string | null, fallback: string): string => {
  let plain: string | undefined;
  let extended: string | undefined;
  for (const [, rawName = '', rawValue = ''] of `;${header ?? ''}`.matchAll(parameterPattern)) {
    const name = rawName.toLowerCase();
    if (name === 'filename*') extended ??= decodeExtValue(rawValue);
    else if (name === 'filename') {
      const value = rawValue.trim();
      plain ??= value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
    }
  }
  return extended || plain || fallback;
};

/** Reads the body, reporting the fraction (0..1) that arrived when the size is known. */
const readWithProgress = async (
  response: Response,
  total: number,
  onProgress?: (fraction: number) => void,
): Promise<Blob> => {
  if (!onProgress || !response.body || !(total > 0)) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(Math.min(1, received / total));
  }
  return new Blob(chunks as BlobPart[], {
    type: response.headers.get('Content-Type') ?? 'application/octet-stream',
  });
};

/** Hands a blob to the browser as a download named `fileName`. */
const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the blob to the download; free it on the next turn
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

export type DownloadFileOptions = Pick<ApiRequestOptions, 'query'> & {
  /** the name to save under when the answer's Content-Disposition names none */
  fallbackName: string;
  /** reports the fraction (0..1) that arrived, for files big enough to show a progress bar */
  onProgress?: (fraction: number) => void;
  /** the size to measure progress against when the answer has no Content-Length */
  expectedBytes?: number;
};

/**
 * GET an API file (an export, a library document) with the session's bearer token and save it.
 * Failures throw ApiError like every other call, and a 401 ends the session the same way.
 */
export const downloadFile = async (path: string, options: DownloadFileOptions) => {
  const { query, fallbackName, onProgress, expectedBytes } = options;
  const response = await apiFetchFile(path, { query });
  const total = Number(response.headers.get('Content-Length') ?? expectedBytes ?? 0);
  const blob = await readWithProgress(response, total, onProgress);
  saveBlob(
    blob,
    fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName),
  );
};
