import type { Language } from '@esd/shared/constants';
import type { AdobeStatistics } from '@esd/shared/statistics/adobe-statistics.schemas';
import type { Cell, Sheet } from './sales-statistics.sheets';

/*
 * The sheets of the Adobe statistics export, with their words in en, ru and az; the
 * statistics' writer (sales-statistics.export.ts) turns them into xlsx or CSV.
 */

type Words = {
  months: string;
  month: string;
  orders: string;
  licences: string;
  usd: string;
  total: string;
  top: string;
  customerId: string;
  company: string;
  segment: string;
  summary: string;
  measure: string;
  value: string;
  customers: string;
  segmentCustomers: (segment: string) => string;
  withoutOrders: string;
  threeYear: string;
  other: string;
  threeYearShare: string;
};

const words: Record<Language, Words> = {
  en: {
    months: 'Months',
    month: 'Month',
    orders: 'Orders',
    licences: 'Licences',
    usd: 'Amount USD (excl. VAT)',
    total: 'Total',
    top: 'Top customers',
    customerId: 'Customer ID',
    company: 'Company',
    segment: 'Market segment',
    summary: 'Summary',
    measure: 'Measure',
    value: 'Value',
    customers: 'Customers with sales',
    segmentCustomers: (segment) => `Customers ${segment}`,
    withoutOrders: 'Registered customers without sales',
    threeYear: 'Licences with a three-year commitment',
    other: 'Other licences',
    threeYearShare: 'Three-year commitment share %',
  },
  ru: {
    months: 'Месяцы',
    month: 'Месяц',
    orders: 'Заказы',
    licences: 'Лицензии',
    usd: 'Сумма USD (без НДС)',
    total: 'Итого',
    top: 'Лучшие клиенты',
    customerId: 'ID клиента',
    company: 'Компания',
    segment: 'Сегмент рынка',
    summary: 'Сводка',
    measure: 'Показатель',
    value: 'Значение',
    customers: 'Клиенты с продажами',
    segmentCustomers: (segment) => `Клиенты ${segment}`,
    withoutOrders: 'Зарегистрированные клиенты без продаж',
    threeYear: 'Лицензии с трёхлетним обязательством',
    other: 'Прочие лицензии',
    threeYearShare: 'Доля трёхлетних обязательств %',
  },
  az: {
    months: 'Aylar',
    month: 'Ay',
    orders: 'Sifarişlər',
    licences: 'Lisenziyalar',
    usd: 'Məbləğ USD (ƏDV-siz)',
    total: 'Cəmi',
    top: 'Ən yaxşı müştərilər',
    customerId: 'Müştəri ID',
    company: 'Şirkət',
    segment: 'Bazar seqmenti',
    summary: 'Xülasə',
    measure: 'Göstərici',
    value: 'Dəyər',
    customers: 'Satışı olan müştərilər',
    segmentCustomers: (segment) => `Müştərilər ${segment}`,
    withoutOrders: 'Satışı olmayan qeydiyyatlı müştərilər',
    threeYear: 'Üçillik öhdəlikli lisenziyalar',
    other: 'Digər lisenziyalar',
    threeYearShare: 'Üçillik öhdəlik payı %',
  },
};

/** The page's numbers: the months with a total row, the top customers, and a summary. */
export const adobeSheets = (lang: Language, data: AdobeStatistics): Sheet[] => {
  const w = words[lang];
  const { customers, commitment, totals } = data;
  return [
    {
      name: w.months,
      headers: [w.month, w.orders, w.licences, w.usd],
      rows: [
        ...data.months.map((m): Cell[] => [m.month, m.orders, m.licences, { money: m.total_usd }]),
        [w.total, totals.orders, totals.licences, { money: totals.total_usd }],
      ],
    },
    {
      name: w.top,
      headers: ['#', w.customerId, w.company, w.segment, w.licences, w.usd],
      rows: data.top_customers.map((c, i): Cell[] => [
        i + 1,
        c.customer_id,
        c.company_name,
        c.market_segment,
        c.licences,
        { money: c.total_usd },
      ]),
    },
    {
      name: w.summary,
      headers: [w.measure, w.value],
      rows: [
        [w.customers, customers.total],
        ...(['COM', 'EDU', 'GOV'] as const).map((s): Cell[] => [
          w.segmentCustomers(s),
          customers.by_segment[s],
        ]),
        [w.withoutOrders, customers.without_orders],
        [w.threeYear, commitment.three_year_licences],
        [w.other, commitment.other_licences],
        // money-floats: a share shown in a sheet's number cell
        [w.threeYearShare, Number(commitment.three_year_share_percent)],
      ],
    },
  ];
};
