import type { Language } from '@esd/shared/constants';
import type {
  DistributionSlice,
  DistributionStatistics,
  QuarterStatistics,
  TopProducts,
  WeeklyStatistics,
} from '@esd/shared/statistics/sales-statistics.schemas';

/*
 * The sheets of the statistics exports, with their headers in en, ru and az; the export's
 * writer (sales-statistics.export.ts) turns them into xlsx or CSV.
 */

/** A cell: text (neutralised against formulas), a whole number, or money (decimal string). */
export type Cell = string | number | { money: string } | null;
export type Sheet = { name: string; headers: string[]; rows: Cell[][] };

type Words = {
  week: string;
  weekStart: string;
  orders: string;
  quantity: string;
  usd: string;
  azn: string;
  share: string;
  name: string;
  dealer: string;
  quarter: string;
  sales: string;
  target: string;
  percent: string;
  year: string;
  total: string;
  sku: string;
  product: string;
  dimension: string;
  weekly: string;
  countries: string;
  dealers: string;
  categories: string;
  products: string;
  top: string;
  bestSeller: string;
};

const words: Record<Language, Words> = {
  en: {
    week: 'Week',
    weekStart: 'Week from',
    orders: 'Orders',
    quantity: 'Licences',
    usd: 'Amount USD (excl. VAT)',
    azn: 'Amount AZN',
    share: 'Share %',
    name: 'Name',
    dealer: 'Dealer',
    quarter: 'Quarter',
    sales: 'Sales USD (excl. VAT)',
    target: 'Target USD',
    percent: 'Achieved %',
    year: 'Year',
    total: 'Total',
    sku: 'SKU',
    product: 'Product',
    dimension: 'By',
    weekly: 'Weekly sales',
    countries: 'Countries',
    dealers: 'Dealers',
    categories: 'Categories',
    products: 'Products',
    top: 'Top 5 products',
    bestSeller: 'Best seller',
  },
  ru: {
    week: 'Неделя',
    weekStart: 'Неделя с',
    orders: 'Заказы',
    quantity: 'Лицензии',
    usd: 'Сумма USD (без НДС)',
    azn: 'Сумма AZN',
    share: 'Доля %',
    name: 'Название',
    dealer: 'Дилер',
    quarter: 'Квартал',
    sales: 'Продажи USD (без НДС)',
    target: 'Цель USD',
    percent: 'Выполнено %',
    year: 'Год',
    total: 'Итого',
    sku: 'SKU',
    product: 'Продукт',
    dimension: 'Разрез',
    weekly: 'Продажи по неделям',
    countries: 'Страны',
    dealers: 'Дилеры',
    categories: 'Категории',
    products: 'Продукты',
    top: 'Топ-5 продуктов',
    bestSeller: 'Лидер продаж',
  },
  az: {
    week: 'Həftə',
    weekStart: 'Həftənin başlanğıcı',
    orders: 'Sifarişlər',
    quantity: 'Lisenziyalar',
    usd: 'Məbləğ USD (ƏDV-siz)',
    azn: 'Məbləğ AZN',
    share: 'Pay %',
    name: 'Ad',
    dealer: 'Diler',
    quarter: 'Rüb',
    sales: 'Satış USD (ƏDV-siz)',
    target: 'Hədəf USD',
    percent: 'İcra %',
    year: 'İl',
    total: 'Cəmi',
    sku: 'SKU',
    product: 'Məhsul',
    dimension: 'Bölgü',
    weekly: 'Həftəlik satışlar',
    countries: 'Ölkələr',
    dealers: 'Dilerlər',
    categories: 'Kateqoriyalar',
    products: 'Məhsullar',
    top: 'Top 5 məhsul',
    bestSeller: 'Ən çox satılan',
  },
};

const topSheet = (w: Words, top: TopProducts): Sheet => ({
  name: w.top,
  headers: ['#', w.sku, w.product, w.quantity, w.usd, w.azn],
  rows: [
    ...top.top.map((p, i): Cell[] => [
      i + 1,
      p.sku,
      p.title,
      p.quantity,
      { money: p.amount_usd },
      { money: p.amount_azn },
    ]),
    ...(top.best_seller
      ? [
          [
            w.bestSeller,
            top.best_seller.sku,
            top.best_seller.title,
            top.best_seller.quantity,
            { money: top.best_seller.amount_usd },
            { money: top.best_seller.amount_azn },
          ] as Cell[],
        ]
      : []),
  ],
});

export const weeklySheets = (lang: Language, data: WeeklyStatistics, top: TopProducts) => {
  const w = words[lang];
  const weekly: Sheet = {
    name: w.weekly,
    headers: [w.week, w.weekStart, w.orders, w.quantity, w.usd, w.azn],
    rows: [
      ...data.weeks.map((row): Cell[] => [
        row.week,
        row.week_start,
        row.orders,
        row.quantity,
        { money: row.amount_usd },
        { money: row.amount_azn },
      ]),
      [
        w.total,
        `${data.date_from} – ${data.date_to}`,
        data.totals.orders,
        data.totals.quantity,
        { money: data.totals.amount_usd },
        { money: data.totals.amount_azn },
      ],
    ],
  };
  return [weekly, topSheet(w, top)];
};

export const distributionSheets = (
  lang: Language,
  data: DistributionStatistics,
  top: TopProducts,
) => {
  const w = words[lang];
  const sheet = (name: string, slices: DistributionSlice[]): Sheet => ({
    name,
    headers: [w.name, w.orders, w.quantity, w.usd, w.azn, w.share],
    rows: slices.map((s): Cell[] => [
      s.name,
      s.orders,
      s.quantity,
      { money: s.amount_usd },
      { money: s.amount_azn },
      s.share_percent,
    ]),
  });
  return [
    sheet(w.countries, data.countries),
    sheet(w.dealers, data.dealers),
    sheet(w.categories, data.categories),
    sheet(w.products, data.products),
    topSheet(w, top),
  ];
};

export const quarterSheets = (lang: Language, data: QuarterStatistics): Sheet[] => {
  const w = words[lang];
  const rows: Cell[][] = [];
  for (const dealer of data.dealers) {
    for (const q of dealer.quarters)
      rows.push([
        dealer.dealer_name,
        `${data.year} Q${q.quarter}`,
        { money: q.sales_usd },
        q.target_usd === null ? null : { money: q.target_usd },
        q.percent,
      ]);
    rows.push([
      dealer.dealer_name,
      String(data.year),
      { money: dealer.year.sales_usd },
      dealer.year.target_usd === null ? null : { money: dealer.year.target_usd },
      dealer.year.percent,
    ]);
  }
  for (const q of data.totals)
    rows.push([
      w.total,
      `${data.year} Q${q.quarter}`,
      { money: q.sales_usd },
      q.target_usd === null ? null : { money: q.target_usd },
      q.percent,
    ]);
  return [
    {
      name: `${w.quarter} ${data.year}`,
      headers: [w.dealer, w.quarter, w.sales, w.target, w.percent],
      rows,
    },
  ];
};
