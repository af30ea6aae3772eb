/** Shape of the demo catalogue data (see demo-catalogue.ts). */
export type Localized = { en: string; ru: string; az: string };

export type DemoCategory = { slug: string; name: Localized };

export type DemoProduct = {
  sku: string;
  category: string; // a DemoCategory slug
  /** 1 key stock (licence keys from a pool), 2 other (delivered by the vendor), 3 Adobe VIP */
  providerId: 1 | 2 | 3;
  title: Localized;
  description: Localized;
  requirements: Localized;
  installation: Localized;
  /** USD, VAT excluded, exact decimal strings with 2 decimals */
  dealerPrice: string;
  unitPrice: string;
  royalty: string;
  bonus: string;
  points: number;
  deliveryTime: string;
  operatingSystems: string;
  licenceType: string;
  usersCount: number | null;
  devicesCount: number | null;
  isReturnable: boolean;
};
