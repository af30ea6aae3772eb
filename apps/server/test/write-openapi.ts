import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from './openapi-document';

/** Writes the served OpenAPI document to the file named (for `redocly lint`: npm run lint:openapi). */
const target = process.argv[2];
if (!target) throw new Error('usage: write-openapi.ts <file.json>');
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`);
