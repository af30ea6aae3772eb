import type { Language } from '@esd/shared/constants';
import { formatDate, formatExactDecimal } from '@esd/shared/format/format';
import { escapeHtml } from '../../lib/html';

const texts = {
  en: {
    greeting: 'Hello',
    subject: (date: string) => `No exchange rate for ${date}`,
    missing: (date: string) =>
      `The portal still has no USD rate for ${date}, and it was due by now (Baku time).`,
    fetched: "The central bank's daily file could not be fetched.",
    inUse: (date: string, rate: string) =>
      `AZN prices and checkouts keep using the rate of ${date}: 1 USD = ${rate} AZN.`,
    none: 'There is no earlier rate either: AZN prices cannot be shown and no order can be placed.',
    action: "Enter today's rate, or import the central bank's XML file, on the rates page:",
  },
  ru: {
    greeting: 'Здравствуйте',
    subject: (date: string) => `Нет курса на ${date}`,
    missing: (date: string) =>
      `На портале всё ещё нет курса доллара на ${date}, хотя к этому времени (по Баку) он должен был быть.`,
    fetched: 'Не удалось загрузить дневной файл Центрального банка.',
    inUse: (date: string, rate: string) =>
      `Цены в манатах и оформление заказов по-прежнему используют курс на ${date}: 1 USD = ${rate} AZN.`,
    none: 'Более раннего курса тоже нет: цены в манатах не показываются, и заказы оформить нельзя.',
    action: 'Введите курс на сегодня или загрузите XML-файл Центрального банка на странице курсов:',
  },
  az: {
    greeting: 'Salam',
    subject: (date: string) => `${date} üçün məzənnə yoxdur`,
    missing: (date: string) =>
      `Portalda ${date} üçün dollar məzənnəsi hələ də yoxdur, halbuki bu vaxta qədər (Bakı vaxtı) olmalı idi.`,
    fetched: 'Mərkəzi Bankın gündəlik faylını yükləmək mümkün olmadı.',
    inUse: (date: string, rate: string) =>
      `Manatla qiymətlər və sifarişlər hələ də ${date} tarixli məzənnədən istifadə edir: 1 USD = ${rate} AZN.`,
    none: 'Əvvəlki məzənnə də yoxdur: manatla qiymətlər göstərilmir və sifariş vermək olmur.',
    action:
      'Bugünkü məzənnəni daxil edin və ya Mərkəzi Bankın XML faylını məzənnələr səhifəsində idxal edin:',
  },
} satisfies Record<Language, unknown>;

/** The noon (RATE_DUE_AT) mail to a global admin when today's (Baku) rate is missing, in the admin's language. */
export const rateMissingMail = ({
  lang,
  name,
  date,
  inUse,
  fetchEnabled,
  link,
}: {
  lang: Language;
  name: string;
  date: string;
  inUse: { date: string; rate: string } | undefined;
  fetchEnabled: boolean;
  link: string;
}) => {
  const t = texts[lang];
  // the dates and the rate as the admin's screens write them (issue 33)
  const day = formatDate(date, lang);
  const paragraphs = [
    t.missing(day),
    ...(fetchEnabled ? [t.fetched] : []),
    inUse ? t.inUse(formatDate(inUse.date, lang), formatExactDecimal(inUse.rate, lang)) : t.none,
  ];
  return {
    subject: t.subject(day),
    text: [`${t.greeting}, ${name}!`, '', ...paragraphs, '', t.action, link, ''].join('\n'),
    html: [
      `<p>${t.greeting}, ${escapeHtml(name)}!</p>`,
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p>${escapeHtml(t.action)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ].join(''),
  };
};
