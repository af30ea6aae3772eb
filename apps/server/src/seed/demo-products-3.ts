import type { DemoProduct, Localized } from './demo-catalogue.types';
import { req } from './demo-products-helpers';

/** Adobe VIP Marketplace subscriptions (providerId 3). */

const adobeInstall: Localized = {
  en: '1. Accept the invitation e-mail from Adobe and sign in to the Admin Console (adminconsole.adobe.com).\n2. Assign the licence to a user in the Admin Console.\n3. The user signs in with their Adobe account and installs the app from the Creative Cloud desktop app.',
  ru: '1. Примите приглашение Adobe из письма и войдите в Admin Console (adminconsole.adobe.com).\n2. Назначьте лицензию пользователю в Admin Console.\n3. Пользователь входит со своей учётной записью Adobe и устанавливает приложение через Creative Cloud для настольных ПК.',
  az: '1. Adobe-dan gələn dəvət məktubunu qəbul edin və Admin Console-a (adminconsole.adobe.com) daxil olun.\n2. Admin Console-da lisenziyanı istifadəçiyə təyin edin.\n3. İstifadəçi Adobe hesabı ilə daxil olur və tətbiqi Creative Cloud masaüstü tətbiqi vasitəsilə quraşdırır.',
};

const OS = 'Windows 10 (64-bit, 22H2+), Windows 11, macOS 13+';
const gpu = (vramGb: number): Localized => ({
  en: `GPU with DirectX 12 or Metal support and ${vramGb} GB of VRAM`,
  ru: `видеокарта с поддержкой DirectX 12 или Metal и ${vramGb} ГБ видеопамяти`,
  az: `DirectX 12 və ya Metal dəstəkli, ${vramGb} GB video yaddaşlı qrafik kart`,
});

const adobe = (
  sku: string,
  name: string,
  description: Localized,
  requirements: Localized,
  prices: { dealer: string; unit: string; royalty: string; bonus: string; points: number },
): DemoProduct => ({
  sku,
  category: 'design-creative',
  providerId: 3,
  title: {
    en: `${name} for teams — 1 year`,
    ru: `${name} для рабочих групп — 1 год`,
    az: `${name} komandalar üçün — 1 il`,
  },
  description,
  requirements,
  installation: adobeInstall,
  dealerPrice: prices.dealer,
  unitPrice: prices.unit,
  royalty: prices.royalty,
  bonus: prices.bonus,
  points: prices.points,
  deliveryTime: 'Within minutes after the order',
  operatingSystems: OS,
  licenceType: 'Subscription (VIP)',
  usersCount: 1,
  devicesCount: 2,
  isReturnable: true,
});

const single = { dealer: '397.00', unit: '455.88', royalty: '4.50', bonus: '6.00', points: 35 };

export const demoProducts3: DemoProduct[] = [
  adobe(
    '65304522CA01A12',
    'Adobe Acrobat Pro',
    {
      en: 'Create, edit, convert, compare and protect PDF files, collect e-signatures and redact sensitive content. The team licence is managed in the Adobe Admin Console and can be reassigned between employees.',
      ru: 'Создание, редактирование, конвертация, сравнение и защита PDF-файлов, сбор электронных подписей и скрытие конфиденциальных данных. Лицензия управляется в Adobe Admin Console и может передаваться между сотрудниками.',
      az: 'PDF fayllarının yaradılması, redaktəsi, çevrilməsi, müqayisəsi və qorunması, elektron imzaların toplanması və məxfi məlumatların gizlədilməsi. Lisenziya Adobe Admin Console-da idarə olunur və əməkdaşlar arasında ötürülə bilər.',
    },
    req('Windows 10/11 (64-bit), macOS 12+', 1.5, 2, 4.5),
    { dealer: '250.00', unit: '287.88', royalty: '3.00', bonus: '5.00', points: 24 },
  ),
  adobe(
    '65304604CA01A12',
    'Adobe Acrobat Standard',
    {
      en: 'Essential PDF tools for business: create, edit, export and sign PDF files and send documents for e-signature. Pro features such as file comparison, redaction and scan enhancement are not included.',
      ru: 'Базовые инструменты для работы с PDF: создание, редактирование, экспорт и подписание PDF-файлов, отправка документов на электронную подпись. Функции версии Pro, такие как сравнение файлов, скрытие данных и улучшение сканов, не входят.',
      az: 'Biznes üçün əsas PDF alətləri: PDF fayllarının yaradılması, redaktəsi, ixracı və imzalanması, sənədlərin elektron imzaya göndərilməsi. Faylların müqayisəsi, məlumatların gizlədilməsi və skanların yaxşılaşdırılması kimi Pro funksiyaları daxil deyil.',
    },
    req('Windows 10/11 (64-bit), macOS 12+', 1.5, 2, 4.5),
    { dealer: '178.00', unit: '203.88', royalty: '2.00', bonus: '3.50', points: 17 },
  ),
  adobe(
    '65297757CA01A12',
    'Adobe Creative Cloud All Apps',
    {
      en: 'More than 20 Creative Cloud apps, including Photoshop, Illustrator, InDesign, Premiere Pro, After Effects and Acrobat Pro, with 1 TB of cloud storage per user. Adobe Fonts, Adobe Express and generative credits for Firefly are included.',
      ru: 'Более 20 приложений Creative Cloud, включая Photoshop, Illustrator, InDesign, Premiere Pro, After Effects и Acrobat Pro, и 1 ТБ облачного хранилища на пользователя. В комплект входят Adobe Fonts, Adobe Express и генеративные кредиты Firefly.',
      az: 'Photoshop, Illustrator, InDesign, Premiere Pro, After Effects və Acrobat Pro daxil olmaqla 20-dən çox Creative Cloud tətbiqi və hər istifadəçiyə 1 TB bulud yaddaşı. Adobe Fonts, Adobe Express və Firefly üçün generativ kreditlər də daxildir.',
    },
    req(OS, 2, 16, 100, gpu(4)),
    { dealer: '939.00', unit: '1079.88', royalty: '10.00', bonus: '15.00', points: 50 },
  ),
  adobe(
    '65297615CA01A12',
    'Adobe Photoshop',
    {
      en: 'The industry-standard editor for photos, retouching and compositing, with Generative Fill powered by Adobe Firefly. Includes 1 TB of cloud storage and Adobe Fonts.',
      ru: 'Отраслевой стандарт для обработки фотографий, ретуши и коллажей с генеративной заливкой на базе Adobe Firefly. Включает 1 ТБ облачного хранилища и Adobe Fonts.',
      az: 'Foto emalı, retuş və kollajlar üçün sənaye standartı sayılan redaktor, Adobe Firefly əsaslı generativ doldurma ilə. 1 TB bulud yaddaşı və Adobe Fonts daxildir.',
    },
    req(OS, 2, 8, 20, gpu(1.5)),
    single,
  ),
  adobe(
    '65297603CA01A12',
    'Adobe Illustrator',
    {
      en: 'Vector graphics software for logos, icons, illustrations and print layouts, with generative recolouring and text-to-vector tools. Includes 1 TB of cloud storage and Adobe Fonts.',
      ru: 'Программа векторной графики для логотипов, иконок, иллюстраций и полиграфии с инструментами генеративной перекраски и создания векторов по тексту. Включает 1 ТБ облачного хранилища и Adobe Fonts.',
      az: 'Loqolar, ikonlar, illüstrasiyalar və poliqrafiya üçün vektor qrafika proqramı, generativ rəngləmə və mətndən vektor yaratma alətləri ilə. 1 TB bulud yaddaşı və Adobe Fonts daxildir.',
    },
    req(OS, 2, 8, 3, gpu(1)),
    single,
  ),
  adobe(
    '65297582CA01A12',
    'Adobe InDesign',
    {
      en: 'Page layout software for brochures, magazines, books and interactive PDFs, with shared styles and Creative Cloud Libraries for teamwork. Includes 1 TB of cloud storage and Adobe Fonts.',
      ru: 'Программа вёрстки буклетов, журналов, книг и интерактивных PDF с общими стилями и библиотеками Creative Cloud для командной работы. Включает 1 ТБ облачного хранилища и Adobe Fonts.',
      az: 'Bukletlərin, jurnalların, kitabların və interaktiv PDF-lərin səhifələnməsi üçün proqram, komanda işi üçün ortaq üslublar və Creative Cloud kitabxanaları ilə. 1 TB bulud yaddaşı və Adobe Fonts daxildir.',
    },
    req(OS, 2, 8, 4),
    single,
  ),
  adobe(
    '65297627CA01A12',
    'Adobe Premiere Pro',
    {
      en: 'Professional video editing for film, TV and social media, with automatic transcription, captions and colour correction. Includes 1 TB of cloud storage and Adobe Fonts.',
      ru: 'Профессиональный видеомонтаж для кино, телевидения и социальных сетей с автоматической расшифровкой речи, субтитрами и цветокоррекцией. Включает 1 ТБ облачного хранилища и Adobe Fonts.',
      az: 'Kino, televiziya və sosial şəbəkələr üçün peşəkar video montaj, nitqin avtomatik mətnə çevrilməsi, altyazılar və rəng korreksiyası ilə. 1 TB bulud yaddaşı və Adobe Fonts daxildir.',
    },
    req(OS, 2, 16, 8, gpu(2)),
    single,
  ),
  adobe(
    '65297727CA01A12',
    'Adobe After Effects',
    {
      en: 'Motion graphics and visual effects for video: animated titles, compositing, tracking and 3D elements. Works together with Premiere Pro through Dynamic Link.',
      ru: 'Анимационная графика и визуальные эффекты для видео: анимированные титры, композитинг, трекинг и 3D-элементы. Работает совместно с Premiere Pro через Dynamic Link.',
      az: 'Video üçün hərəkətli qrafika və vizual effektlər: animasiyalı titrlər, kompozitinq, obyektlərin izlənməsi və 3D elementlər. Dynamic Link vasitəsilə Premiere Pro ilə birgə işləyir.',
    },
    req(OS, 2, 16, 15, gpu(2)),
    single,
  ),
];
