import path from 'node:path';

/** Event and prize images: random stored names, public like the product pictures. */
export const eventImageUrl = (name: string | null) => (name ? `/api/files/events/${name}` : null);
export const prizeImageUrl = (name: string | null) => (name ? `/api/files/prizes/${name}` : null);

export const eventImagesDir = (dataDir: string) => path.join(dataDir, 'events');
export const prizeImagesDir = (dataDir: string) => path.join(dataDir, 'prizes');
