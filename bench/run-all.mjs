// `npm run bench [-- api-stack|catalogue|bundle|checkout|statistics|lighthouse|main-thread]`: runs the benchmarks and appends to bench/RESULTS.md.
const which = process.argv.slice(2);
const all = {
  'api-stack': './api-stack.mjs',
  bundle: './bundle-size.mjs',
  catalogue: './catalogue.mjs',
  checkout: './checkout.mjs',
  lighthouse: './lighthouse.mjs',
  'main-thread': './main-thread.mjs',
  statistics: './statistics.mjs',
};
for (const [name, file] of Object.entries(all)) {
  if (which.length === 0 || which.includes(name)) await import(file);
}
