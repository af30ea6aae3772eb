/** How long the central bank may take to answer before a try counts as failed. */
const FETCH_TIMEOUT_MS = 20_000;
/** The daily file is a few kilobytes; the manual import takes at most this much too. */
export const FILE_MAX_BYTES = 512 * 1024;

/** The bank's answer was not the file: the bank is down, or its answer is too large. */
export class CbarFetchError extends Error {}

/** The bank has no file of the day yet (404): not published, or a day it publishes none. */
export class CbarNoFileError extends CbarFetchError {}

/** `DD.MM.YYYY`, the central bank's way of naming a day's file. */
export const cbarDay = (isoDate: string) => isoDate.split('-').reverse().join('.');

/** The address of a day's file: the template's `{date}` as DD.MM.YYYY. */
const cbarFileUrl = (template: string, isoDate: string) =>
  template.replaceAll('{date}', cbarDay(isoDate));

/**
 * A body read chunk by chunk, given up (and the rest cancelled) as soon as it passes `maxBytes`:
 * never more than the limit and the one chunk that crossed it is held, whatever the sender
 * declares or leaves out (no Content-Length, an endless stream).
 */
export const readLimited = async (
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<{ bytes: Buffer } | { tooLarge: true; read: number }> => {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel();
      return { tooLarge: true, read };
    }
    chunks.push(value);
  }
  return { bytes: Buffer.concat(chunks) };
};

/** Downloads the central bank's rates file of a day, as text. */
export const fetchCbarFile = async (template: string, isoDate: string): Promise<string> => {
  const url = cbarFileUrl(template, isoDate);
  const tooLarge = `${url}: the file is larger than ${FILE_MAX_BYTES / 1024} KB`;
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      headers: { accept: 'application/xml, text/xml' },
      redirect: 'follow',
    });
  } catch (error) {
    throw new CbarFetchError(`${url} did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    if (response.status === 404) throw new CbarNoFileError(`${url}: no file yet (404)`);
    throw new CbarFetchError(`${url} answered ${response.status}`);
  }
  if (Number(response.headers.get('content-length') ?? 0) > FILE_MAX_BYTES) {
    await response.body?.cancel();
    throw new CbarFetchError(tooLarge);
  }
  if (!response.body) return '';
  let body: Awaited<ReturnType<typeof readLimited>>;
  try {
    body = await readLimited(response.body, FILE_MAX_BYTES);
  } catch (error) {
    throw new CbarFetchError(`${url} broke off: ${(error as Error).message}`);
  }
  if ('tooLarge' in body) throw new CbarFetchError(tooLarge);
  return body.bytes.toString('utf8');
};
