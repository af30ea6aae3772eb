import { ITEM_STATUSES, ORDER_EVENT_NAMES, ORDER_STATUSES } from '@esd/shared/orders/orders.rules';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import az from '../locales/az.json';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { historyTitle, itemStatusKey, orderEventKey, orderStatusKey } from './history-words';

const i18n = createInstance();
let t: TFunction;
const order = (from: string | null, to: string) => ({ from, to, item_id: null });
const item = (from: string | null, to: string) => ({ from, to, item_id: 7 });

describe('[orders] history in words', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      resources: {
        en: { translation: { orders: en } },
        ru: { translation: { orders: ru } },
        az: { translation: { orders: az } },
      },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    t = i18n.getFixedT('en');
  });

  it.each(['en', 'ru', 'az'])('has words in %s for every status and event', (lang) => {
    const missing = [
      ...ORDER_STATUSES.map(orderStatusKey),
      ...ITEM_STATUSES.map(itemStatusKey),
      ...ORDER_EVENT_NAMES.map(orderEventKey),
    ].filter((key) => typeof i18n.getResource(lang, 'translation', key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('shows a move of status with both statuses in words', () => {
    expect(historyTitle(t, order(null, 'pending'))).toBe('Set to Pending');
    expect(historyTitle(t, order('in_progress', 'completed'))).toBe('In progress → Completed');
    expect(historyTitle(t, item('waiting', 'delivered'))).toBe('Waiting for keys → Delivered');
    expect(historyTitle(i18n.getFixedT('ru'), item('delivered', 'returned'))).toBe(
      'Выдан → Возвращён',
    );
  });

  it('names an event by itself, not as a move of status', () => {
    expect(historyTitle(t, item(null, 'key_activated'))).toBe('Key activated');
    expect(historyTitle(t, item('delivered', 'return_requested'))).toBe('Return requested');
    expect(historyTitle(t, item('delivered', 'return_rejected'))).toBe('Return rejected');
    expect(historyTitle(t, order('completed', 'credit_settled'))).toBe('Credit settled');
    expect(historyTitle(i18n.getFixedT('az'), item(null, 'key_activated'))).toBe(
      'Açar aktivləşdirildi',
    );
  });

  it('humanises a status or event nobody has words for yet', () => {
    expect(historyTitle(t, item('delivered', 'key_revoked'))).toBe('Delivered → Key revoked');
    expect(historyTitle(t, order(null, 'on_hold'))).toBe('Set to On hold');
  });
});
