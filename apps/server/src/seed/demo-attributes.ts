import type { Localized } from './demo-catalogue.types';

/**
 * The demo catalogue's product attributes in Russian and Azerbaijani (issue 33: they stayed
 * English on ru and az pages). The migration `0037_attributes_in_each_language` fills the same
 * words into a database seeded before it.
 */
const deliveryTimes: Record<string, Omit<Localized, 'en'>> = {
  'Instant (licence key)': { ru: 'Мгновенно (лицензионный ключ)', az: 'Dərhal (lisenziya açarı)' },
  '1–2 business days': { ru: '1–2 рабочих дня', az: '1–2 iş günü' },
  'Within minutes after the order': {
    ru: 'В течение нескольких минут после заказа',
    az: 'Sifarişdən sonra bir neçə dəqiqə ərzində',
  },
};

const licenceTypes: Record<string, Omit<Localized, 'en'>> = {
  'Subscription (1 year)': { ru: 'Подписка (1 год)', az: 'Abunə (1 il)' },
  'Subscription (VIP)': { ru: 'Подписка (VIP)', az: 'Abunə (VIP)' },
  'ESD key': { ru: 'Электронный ключ (ESD)', az: 'Elektron açar (ESD)' },
  Perpetual: { ru: 'Бессрочная', az: 'Müddətsiz' },
};

/** Systems keep their names in every language; only these words of the lists are translated. */
const systemWords: [en: string, ru: string, az: string][] = [
  ['Web', 'Веб', 'Veb'],
  ['64-bit', '64-разрядная', '64 bitlik'],
];

const translateSystems = (en: string): Localized => {
  let ru = en;
  let az = en;
  for (const [word, inRu, inAz] of systemWords) {
    const whole = new RegExp(`\\b${word}\\b`, 'g');
    ru = ru.replace(whole, inRu);
    az = az.replace(whole, inAz);
  }
  return { en, ru, az };
};

const fromTable = (table: Record<string, Omit<Localized, 'en'>>, en: string): Localized => {
  const translated = table[en];
  if (!translated) throw new Error(`the demo attribute "${en}" has no translation`);
  return { en, ...translated };
};

/** A demo product's English attributes with their Russian and Azerbaijani words. */
const translateDemoAttributes = (p: {
  deliveryTime: string;
  licenceType: string;
  operatingSystems: string;
}) => ({
  deliveryTime: fromTable(deliveryTimes, p.deliveryTime),
  licenceType: fromTable(licenceTypes, p.licenceType),
  operatingSystems: translateSystems(p.operatingSystems),
});

/** A demo product's attributes as the product's columns, in every language. */
export const demoAttributeColumns = (p: {
  deliveryTime: string;
  licenceType: string;
  operatingSystems: string;
}) => {
  const { deliveryTime, licenceType, operatingSystems } = translateDemoAttributes(p);
  return {
    deliveryTimeEn: deliveryTime.en,
    deliveryTimeRu: deliveryTime.ru,
    deliveryTimeAz: deliveryTime.az,
    licenceTypeEn: licenceType.en,
    licenceTypeRu: licenceType.ru,
    licenceTypeAz: licenceType.az,
    operatingSystemsEn: operatingSystems.en,
    operatingSystemsRu: operatingSystems.ru,
    operatingSystemsAz: operatingSystems.az,
  };
};
