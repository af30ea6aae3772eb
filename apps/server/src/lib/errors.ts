import { type AppErrorCode, appErrorCodes } from '@esd/shared/api';

/** A failure the client may see: its name, status and message go into the envelope. */
export class AppError extends Error {
  readonly error: AppErrorCode;
  readonly statusCode: number;
  readonly data: Record<string, unknown>;

  constructor(error: AppErrorCode, message: string, data: Record<string, unknown> = {}) {
    super(message);
    this.error = error;
    this.statusCode = appErrorCodes[error];
    this.data = data;
  }
}

export const ok = <T>(data: T, message = 'OK') => ({ code: 200, message, data }) as const;
