import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetchFile, apiRequest, bodyWithPicture, configureApiClient } from './api-client';
import { ApiError } from './api-error';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const onUnauthorized = vi.fn();
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient({
    getToken: () => 'tok-123',
    getLanguage: () => 'az',
    shouldLogoutOnUnauthorized: () => true,
    onUnauthorized,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  onUnauthorized.mockReset();
});

describe('apiRequest', () => {
  it('sends the bearer token, the UI language and JSON, and returns parsed data', async () => {
    fetchMock.mockResolvedValue(answer(200, { code: 200, message: 'OK', data: { n: 1 } }));
    const data = await apiRequest('/things', {
      method: 'POST',
      body: { a: 1 },
      query: { page: 2, skip: undefined },
    });
    expect(data).toEqual({ n: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things?page=2');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Accept-Language')).toBe('az');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends extra headers such as Idempotency-Key', async () => {
    fetchMock.mockResolvedValue(answer(200, { code: 200, message: 'OK', data: null }));
    await apiRequest('/checkout', {
      method: 'POST',
      body: { sell_type: 1 },
      headers: { 'Idempotency-Key': 'key-12345678' },
    });
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get('Idempotency-Key')).toBe('key-12345678');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('turns a failed answer into ApiError with the error name and server message', async () => {
    fetchMock.mockResolvedValue(
      answer(422, { code: 422, message: 'Too common', data: { error: 'WEAK_PASSWORD' } }),
    );
    const error = await apiRequest('/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, errorName: 'WEAK_PASSWORD', message: 'Too common' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logs out on 401 from any call', async () => {
    fetchMock.mockResolvedValue(
      answer(401, { code: 401, message: 'No', data: { error: 'UNAUTHORIZED' } }),
    );
    await expect(apiRequest('/x', {})).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on 401 when the call opts out (token refresh)', async () => {
    fetchMock.mockResolvedValue(answer(401, { code: 401, message: 'No', data: {} }));
    await expect(apiRequest('/auth/refresh', { onUnauthorized: 'ignore' })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(apiRequest('/x', {})).rejects.toMatchObject({ status: 0 });
  });

  it('rejects a successful answer that is not an envelope (a proxy page, say)', async () => {
    fetchMock.mockResolvedValue(new Response('<html>ok</html>', { status: 200 }));
    await expect(apiRequest('/x')).rejects.toMatchObject({
      status: 200,
      message: 'Unexpected answer from the server',
    });
  });

  it('answers data exactly as the server sent it (the server checked it against its schema)', async () => {
    const data = { items: [{ id: 1, price: '10.50', extra: null }], total: 1 };
    fetchMock.mockResolvedValue(answer(200, { code: 200, message: 'OK', data }));
    expect(await apiRequest('/x')).toEqual(data);
  });
});

describe('apiFetchFile', () => {
  it('sends the bearer token and language, and answers the raw file', async () => {
    fetchMock.mockResolvedValue(new Response('a;b\n', { status: 200 }));
    const response = await apiFetchFile('/orders/export', {
      query: { format: 'csv', id: undefined },
    });
    expect(await response.text()).toBe('a;b\n');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/orders/export?format=csv');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Accept-Language')).toBe('az');
  });

  it('ends the session on 401 like every other call', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { code: 401, message: 'Expired', data: { error: 'UNAUTHORIZED' } },
        { status: 401 },
      ),
    );
    await expect(apiFetchFile('/library/1/download')).rejects.toMatchObject({
      status: 401,
      errorName: 'UNAUTHORIZED',
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('throws the envelope of other failures without ending the session', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ code: 404, message: 'Gone', data: { error: 'NOT_FOUND' } }, { status: 404 }),
    );
    await expect(apiFetchFile('/library/1/download')).rejects.toMatchObject({
      status: 404,
      message: 'Gone',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(apiFetchFile('/x')).rejects.toMatchObject({ status: 0 });
  });
});

describe('bodyWithPicture: nothing half-written', () => {
  const input = { title: { en: 'T' }, stock: 1 };

  it('sends a record and its picture as one form, so a refused picture saves no record', async () => {
    const picture = new File([new Uint8Array([0x89, 0x50])], 'a.png', { type: 'image/png' });
    fetchMock.mockResolvedValue(
      answer(415, { code: 415, message: 'Upload an image.', data: { error: 'INVALID_FILE' } }),
    );
    await expect(
      apiRequest('/settings/news', { method: 'POST', body: bodyWithPicture(input, picture) }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const form = fetchMock.mock.calls[0]![1]?.body as FormData;
    expect(JSON.parse(String(form.get('data')))).toEqual(input);
    expect((form.get('file') as File).name).toBe('a.png');
  });

  it('keeps the plain JSON body without a picture', () => {
    expect(bodyWithPicture(input)).toBe(input);
    expect(bodyWithPicture(input, null)).toBe(input);
  });
});
