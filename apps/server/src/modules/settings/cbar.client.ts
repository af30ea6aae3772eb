/** How long the central bank may take to answer before a try counts as failed. */
const FETCH_TIMEOUT_MS = 20_000;
/** The daily file is a few kilobytes; the manual import takes at most this much too. */
const FILE_MAX_BYTES = 512 * 1024;

/** The bank's answer was not the file: not published yet (404), or the bank is down. */
export class CbarFetchError extends Error {}

/** `DD.MM.YYYY`, the central bank's way of naming a day's file. */
export const cbarDay = (isoDate: string) => isoDate.split('-').reverse().join('.');

/** The address of a day's file: the template's `{date}` as DD.MM.YYYY. */
const cbarFileUrl = (template: string, isoDate: string) =>
  template.replaceAll('{date}', cbarDay(isoDate));

/** Downloads the central bank's rates file of a day, as text. */
export const fetchCbarFile = async (template: string, isoDate: string): Promise<string> => {
  const url = cbarFileUrl(template, isoDate);
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/xml, text/xml' },
      redirect: 'follow',
    });
  } catch (error) {
    throw new CbarFetchError(`${url} did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new CbarFetchError(
      response.status === 404 ? `${url}: no file yet (404)` : `${url} answered ${response.status}`,
    );
  }
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > FILE_MAX_BYTES) {
    await response.body?.cancel();
    throw new CbarFetchError(`${url}: the file is larger than 512 KB`);
  }
  const text = await response.text();
  if (Buffer.byteLength(text) > FILE_MAX_BYTES)
    throw new CbarFetchError(`${url}: the file is larger than 512 KB`);
  return text;
};
