import type { DemoCategory, DemoProduct } from './demo-catalogue.types';
import { demoProducts1 } from './demo-products-1';
import { demoProducts2 } from './demo-products-2';
import { demoProducts3 } from './demo-products-3';
import { demoProducts4 } from './demo-products-4';
import { demoProducts5 } from './demo-products-5';

/** Demo catalogue: categories and products (USD, VAT excluded) loaded by the seed. */
export const demoCategories: DemoCategory[] = [
  {
    slug: 'operating-systems',
    name: { en: 'Operating systems', ru: 'Операционные системы', az: 'Əməliyyat sistemləri' },
  },
  {
    slug: 'office-productivity',
    name: { en: 'Office & productivity', ru: 'Офисные приложения', az: 'Ofis proqramları' },
  },
  {
    slug: 'security',
    name: {
      en: 'Security & antivirus',
      ru: 'Антивирусы и безопасность',
      az: 'Antivirus və təhlükəsizlik',
    },
  },
  {
    slug: 'design-creative',
    name: { en: 'Design & creativity', ru: 'Дизайн и творчество', az: 'Dizayn və yaradıcılıq' },
  },
  {
    slug: 'development-tools',
    name: { en: 'Development tools', ru: 'Инструменты разработки', az: 'Proqramlaşdırma alətləri' },
  },
  {
    slug: 'backup-storage',
    name: { en: 'Backup & storage', ru: 'Резервное копирование', az: 'Ehtiyat nüsxələmə' },
  },
  {
    slug: 'virtualization',
    name: { en: 'Virtualization', ru: 'Виртуализация', az: 'Virtuallaşdırma' },
  },
  {
    slug: 'business-apps',
    name: { en: 'Business applications', ru: 'Бизнес-приложения', az: 'Biznes tətbiqləri' },
  },
];

export const demoProducts: DemoProduct[] = [
  ...demoProducts1,
  ...demoProducts2,
  ...demoProducts3,
  ...demoProducts4,
  ...demoProducts5,
];
