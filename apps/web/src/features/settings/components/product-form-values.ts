import { attributeFields, type Translations } from '@esd/shared/catalogue/catalogue.rules';
import type { ProductSettings } from '@esd/shared/catalogue/settings.schemas';

type Texts = Translations;

/** The product form as typed: numbers still as typed, money as decimal strings. */
export type ProductFormValues = {
  sku: string;
  category_id: string | null;
  provider_id: '1' | '2' | '3';
  is_active: boolean;
  is_returnable: boolean;
  title: Texts;
  description: Texts;
  requirements: Texts;
  installation: Texts;
  dealer_price: string;
  unit_price: string;
  royalty: string;
  bonus: string;
  points: number | string;
  /** in each language: English required once any is given, the others fall back to it */
  delivery_time: Texts;
  operating_systems: Texts;
  licence_type: Texts;
  users_count: number | string;
  devices_count: number | string;
  /** key stock: empty means no reorder level */
};

const textFields = ['title', 'description', 'requirements', 'installation'] as const;

/** The fields written in each language: the texts, then the attributes. */
export const translatedFields = [...textFields, ...attributeFields] as const;

const noTexts = (): Texts => ({ en: '', ru: '', az: '' });

export const emptyProductValues = (): ProductFormValues => ({
  sku: '',
  category_id: null,
  provider_id: '1',
  is_active: true,
  is_returnable: false,
  title: noTexts(),
  description: noTexts(),
  requirements: noTexts(),
  installation: noTexts(),
  dealer_price: '',
  unit_price: '',
  royalty: '0.00',
  bonus: '0.00',
  points: 0,
  delivery_time: noTexts(),
  operating_systems: noTexts(),
  licence_type: noTexts(),
  users_count: '',
  devices_count: '',
});

export const toProductFormValues = (product: ProductSettings): ProductFormValues => ({
  sku: product.sku,
  category_id: String(product.category_id),
  provider_id: String(product.provider_id) as ProductFormValues['provider_id'],
  is_active: product.is_active,
  is_returnable: product.is_returnable,
  title: { ...product.title },
  description: { ...product.description },
  requirements: { ...product.requirements },
  installation: { ...product.installation },
  dealer_price: product.dealer_price,
  unit_price: product.unit_price,
  royalty: product.royalty,
  bonus: product.bonus,
  points: product.points,
  delivery_time: { ...product.delivery_time },
  operating_systems: { ...product.operating_systems },
  licence_type: { ...product.licence_type },
  users_count: product.users_count ?? '',
  devices_count: product.devices_count ?? '',
});

const optionalCount = (value: number | string) => (value === '' ? null : Number(value));

/**
 * What goes to the shared schema: same field paths as the form, so its issues land on the
 * right inputs. Blank required numbers stay undefined and read as "required".
 */
export const toProductInput = (values: ProductFormValues) => ({
  ...values,
  category_id: values.category_id ? Number(values.category_id) : undefined,
  provider_id: Number(values.provider_id),
  points: values.points === '' ? undefined : Number(values.points),
  users_count: optionalCount(values.users_count),
  devices_count: optionalCount(values.devices_count),
  // Adobe licences come from Adobe: no key stock to watch
});
