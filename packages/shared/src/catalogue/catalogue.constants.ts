// Catalogue constants without zod, so that the web app's first JavaScript can use them
// without loading the schemas (catalogue.schemas.ts re-exports them for the server).

/** Provider ids: 1 key stock, 2 other (vendor-delivered), 3 Adobe (spec 3). */
export const providerIds = [1, 2, 3] as const;
export const PROVIDER = { keyStock: 1, other: 2, adobe: 3 } as const;
/** Key stock is kept for the key-pool and vendor products; Adobe licences come from Adobe. */
export const STOCKED_PROVIDERS: number[] = [PROVIDER.keyStock, PROVIDER.other];

export const productSorts = ['title', 'price_asc', 'price_desc', 'newest'] as const;
export type ProductSort = (typeof productSorts)[number];
