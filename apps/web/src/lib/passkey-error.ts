import { isApiError } from './api-error';
import { getErrorMessage } from './notify';

/** What to say when a passkey step fails: the server's reason, or the browser's prompt ended. */
export const passkeyErrorMessage = (error: unknown, fallback: string) =>
  isApiError(error) ? getErrorMessage(error) : fallback;
