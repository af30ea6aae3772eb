/** Statuses whose Response may not carry a body. */
const bodylessStatuses = new Set([101, 204, 205, 304]);

type XhrFetchInit = {
  method: string;
  headers: Headers;
  /** FormData or a JSON string (apiRequest never sends a stream) */
  body?: BodyInit;
  signal?: AbortSignal;
  /** 0..1 as the request body goes out */
  onUploadProgress: (fraction: number) => void;
};

/**
 * `fetch` has no upload progress yet, so file uploads that show one go through
 * XMLHttpRequest and come back as a standard Response for the common handling.
 */
export const xhrFetch = (url: string, init: XhrFetchInit) =>
  new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    init.headers.forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        init.onUploadProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      init.onUploadProgress(1);
      const body = bodylessStatuses.has(xhr.status) ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText }));
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
