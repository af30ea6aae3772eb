import { type AppErrorCode, appErrorCodes } from '@esd/shared/api-codes';

/** A failed call: `status` 0 means no answer (network); otherwise the HTTP status. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** the error name from `data.error` when the server sent a known one */
  readonly errorName: AppErrorCode | undefined;
  /** the whole `data` of the failed answer (for example `issues` of VALIDATION_FAILED) */
  readonly data: unknown;
  /** the message the server wrote, in the language the request asked for (spec 8) */
  readonly serverMessage: string | undefined;

  constructor(options: {
    status: number;
    message: string;
    errorName?: string;
    data?: unknown;
    serverMessage?: string;
  }) {
    super(options.message);
    this.status = options.status;
    this.errorName = isAppErrorCode(options.errorName) ? options.errorName : undefined;
    this.data = options.data;
    this.serverMessage = options.serverMessage?.trim() || undefined;
  }

  get isNetworkError() {
    return this.status === 0;
  }

  get isUnauthorized() {
    return this.status === 401;
  }
}

const isAppErrorCode = (value: unknown): value is AppErrorCode =>
  typeof value === 'string' && Object.hasOwn(appErrorCodes, value);

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The `{ code, message, data }` body of an answer, as far as it could be read. */
export type AnswerEnvelope = { code?: number; message?: string; data?: unknown };

/** A failed answer as ApiError: the server's message and `data.error` name when it sent them. */
export const apiErrorFromEnvelope = (
  response: { status: number; statusText?: string },
  envelope: AnswerEnvelope,
): ApiError => {
  const data = envelope.data as { error?: string } | undefined;
  return new ApiError({
    status: response.status,
    message: envelope.message || response.statusText || `HTTP ${response.status}`,
    errorName: data?.error,
    data,
    serverMessage: typeof envelope.message === 'string' ? envelope.message : undefined,
  });
};
