import { messages as errorsEn } from '@esd/shared/errors/messages-en';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromEnvelope } from './api-error';
import { initI18n } from './i18n/i18n';
import en from './i18n/locales/en.json';
import { getErrorMessage } from './notify';

// i18n.ts marks the document's language; this suite runs in Node
(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

describe('getErrorMessage', () => {
  beforeAll(async () => {
    await initI18n({ startup: async () => ({ ...en, errors: errorsEn }), pages: async () => ({}) });
  });

  it("shows the server's message, which the server wrote in the request's language", () => {
    const error = apiErrorFromEnvelope(
      { status: 404 },
      { code: 404, message: 'Этот заказ не существует.', data: { error: 'NOT_FOUND' } },
    );
    expect(getErrorMessage(error)).toBe('Этот заказ не существует.');
  });

  it('fills the error words of an answer without a message with the fields of its data', () => {
    const error = apiErrorFromEnvelope(
      { status: 409 },
      {
        code: 409,
        data: {
          error: 'RETURN_POINTS_SPENT',
          event_id: 7,
          event_title: 'Spring race',
          points_needed: 240,
        },
      },
    );
    expect(getErrorMessage(error)).toBe(
      'This return would take back 240 points of event «Spring race» that were already spent on prizes; cancel the prize claim first.',
    );
  });

  it('names a failure the web app made itself in its own words, not in English code text', () => {
    const unreadable = new ApiError({ status: 502, message: 'Unexpected answer from the server' });
    expect(getErrorMessage(unreadable)).toBe(errorsEn.INTERNAL);
    const noAnswer = new ApiError({ status: 0, message: 'Network error' });
    expect(getErrorMessage(noAnswer)).toBe(en.common.networkError);
    const blank = apiErrorFromEnvelope(
      { status: 403 },
      { message: ' ', data: { error: 'FORBIDDEN' } },
    );
    expect(getErrorMessage(blank)).toBe(errorsEn.FORBIDDEN);
  });
});
