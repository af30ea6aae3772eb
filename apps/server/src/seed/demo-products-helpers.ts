import type { Localized } from './demo-catalogue.types';

/** Small builders for the repetitive parts of the demo catalogue texts. */

const dec = (n: number) => String(n).replace('.', ',');

/** System requirements: OS list; CPU (GHz, optional); RAM and free disk space (GB); extras. */
export const req = (
  os: Localized | string,
  cpuGhz: number | null,
  ramGb: number,
  diskGb: number,
  extra?: Localized,
): Localized => {
  const o = typeof os === 'string' ? { en: os, ru: os, az: os } : os;
  const join = (parts: (string | false | undefined)[]) => parts.filter(Boolean).join('; ');
  return {
    en: join([
      o.en,
      cpuGhz !== null && `${cpuGhz} GHz CPU`,
      `${ramGb} GB RAM`,
      `${diskGb} GB free disk space`,
      extra?.en,
      'internet connection for activation',
    ]),
    ru: join([
      o.ru,
      cpuGhz !== null && `процессор ${dec(cpuGhz)} ГГц`,
      `${dec(ramGb)} ГБ ОЗУ`,
      `${dec(diskGb)} ГБ свободного места на диске`,
      extra?.ru,
      'подключение к интернету для активации',
    ]),
    az: join([
      o.az,
      cpuGhz !== null && `${dec(cpuGhz)} GHz prosessor`,
      `${dec(ramGb)} GB operativ yaddaş`,
      `diskdə ${dec(diskGb)} GB boş yer`,
      extra?.az,
      'aktivləşdirmə üçün internet bağlantısı',
    ]),
  };
};

/** Installation of a boxed application activated with a licence key. */
export const keyInstall = (site: string): Localized => ({
  en: `1. Download the installer from ${site}.\n2. Run it and follow the setup wizard.\n3. Enter the licence key when prompted and activate the product.`,
  ru: `1. Скачайте установщик с сайта ${site}.\n2. Запустите его и следуйте указаниям мастера установки.\n3. Введите лицензионный ключ по запросу программы и активируйте продукт.`,
  az: `1. Quraşdırıcını ${site} saytından yükləyin.\n2. Onu işə salın və quraşdırma sehrbazının göstərişlərinə əməl edin.\n3. Proqram tələb etdikdə lisenziya açarını daxil edin və məhsulu aktivləşdirin.`,
});
