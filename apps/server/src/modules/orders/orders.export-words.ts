import type { Language } from '@esd/shared/constants';
import type { OrderDisplayStatus } from '@esd/shared/orders/orders.rules';
import type { SellType } from '@esd/shared/shop/pricing.rules';

/*
 * The words of the orders export (orders.export.ts) in en, ru and az: the headers of its two
 * layouts and the names of statuses and sell types. The date column names Baku, whose clock
 * the dates are written in.
 */

/** One row per order. */
export const orderHeaders: Record<Language, string[]> = {
  en: [
    'Order',
    'Date (Baku time)',
    'Status',
    'Type',
    'Buyer',
    'Buyer e-mail',
    'Dealer',
    'Items',
    'Quantity',
    'Total USD (excl. VAT)',
    'Total AZN',
    'Waiting items',
    'Credit settled',
    'Returned licences',
    'Returned USD (excl. VAT)',
    'Returned AZN',
  ],
  ru: [
    'Заказ',
    'Дата (время Баку)',
    'Статус',
    'Тип',
    'Покупатель',
    'E-mail покупателя',
    'Дилер',
    'Позиций',
    'Количество',
    'Итого USD (без НДС)',
    'Итого AZN',
    'Ждут ключей',
    'Кредит погашен',
    'Возвращено лицензий',
    'Возвращено USD (без НДС)',
    'Возвращено AZN',
  ],
  az: [
    'Sifariş',
    'Tarix (Bakı vaxtı)',
    'Status',
    'Növ',
    'Alıcı',
    'Alıcının e-poçtu',
    'Diler',
    'Mövqe',
    'Say',
    'Cəmi USD (ƏDV-siz)',
    'Cəmi AZN',
    'Açar gözləyən',
    'Kredit ödənilib',
    'Qaytarılan lisenziyalar',
    'Qaytarılan USD (ƏDV-siz)',
    'Qaytarılan AZN',
  ],
};
/** The order's display status (`orderDisplayStatus`): its stored status, or how much came back. */
export const statusNames: Record<Language, Record<OrderDisplayStatus, string>> = {
  en: {
    pending: 'Pending',
    in_progress: 'In progress',
    completed: 'Completed',
    cancelled: 'Cancelled',
    partly_returned: 'Partly returned',
    returned: 'Returned',
  },
  ru: {
    pending: 'Ожидает оплаты',
    in_progress: 'В работе',
    completed: 'Выполнен',
    cancelled: 'Отменён',
    partly_returned: 'Частично возвращён',
    returned: 'Возвращён',
  },
  az: {
    pending: 'Ödəniş gözlənilir',
    in_progress: 'İcradadır',
    completed: 'Tamamlanıb',
    cancelled: 'Ləğv edilib',
    partly_returned: 'Qismən qaytarılıb',
    returned: 'Qaytarılıb',
  },
};
export const typeNames: Record<Language, Record<SellType, string>> = {
  en: { 1: 'Cash', 2: 'Credit' },
  ru: { 1: 'Наличные', 2: 'Кредит' },
  az: { 1: 'Nağd', 2: 'Kredit' },
};
export const yesNo: Record<Language, [string, string]> = {
  en: ['Yes', 'No'],
  ru: ['Да', 'Нет'],
  az: ['Bəli', 'Xeyr'],
};

/**
 * One row per order line (`detail=items`). The keys column is there only for a shopper (a
 * dealer or an end user) and filled only on the lines of its own purchases.
 */
export const itemHeaders: Record<Language, { columns: string[]; keys: string }> = {
  en: {
    columns: [
      'Order',
      'Date (Baku time)',
      'Status',
      'Type',
      'Buyer',
      'Dealer',
      'SKU',
      'Product',
      'Quantity',
      'Unit price USD (excl. VAT)',
      'Line total USD (excl. VAT)',
      'Line total AZN',
    ],
    keys: 'Keys',
  },
  ru: {
    columns: [
      'Заказ',
      'Дата (время Баку)',
      'Статус',
      'Тип',
      'Покупатель',
      'Дилер',
      'SKU',
      'Продукт',
      'Количество',
      'Цена за единицу USD (без НДС)',
      'Сумма строки USD (без НДС)',
      'Сумма строки AZN',
    ],
    keys: 'Ключи',
  },
  az: {
    columns: [
      'Sifariş',
      'Tarix (Bakı vaxtı)',
      'Status',
      'Növ',
      'Alıcı',
      'Diler',
      'SKU',
      'Məhsul',
      'Say',
      'Vahid qiyməti USD (ƏDV-siz)',
      'Sətir cəmi USD (ƏDV-siz)',
      'Sətir cəmi AZN',
    ],
    keys: 'Açarlar',
  },
};
