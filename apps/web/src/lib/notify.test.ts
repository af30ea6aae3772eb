import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { initI18n } from './i18n/i18n';
import en from './i18n/locales/en.json';
import { getErrorMessage } from './notify';

// i18n.ts marks the document's language; this suite runs in Node
(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

describe('getErrorMessage', () => {
  beforeAll(async () => {
    await initI18n({ startup: async () => en, pages: async () => ({}) });
  });

  it('fills a named error with the fields of its data', () => {
    const error = new ApiError({
      status: 409,
      message: 'The server said so.',
      errorName: 'RETURN_POINTS_SPENT',
      data: {
        error: 'RETURN_POINTS_SPENT',
        event_id: 7,
        event_title: 'Spring race',
        points_needed: 240,
      },
    });
    expect(getErrorMessage(error)).toBe(
      'This return would take back 240 points of event «Spring race» that were already spent on prizes; cancel the prize claim first.',
    );
  });
});
