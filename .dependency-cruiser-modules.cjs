/**
 * The server's modules form no cycle (issue 30): with the folder as the unit, an import from
 * modules/a/ into modules/b/ is an edge a → b, and no chain of edges leads back. Run by
 * `npm run lint:deps` after `.dependency-cruiser.cjs`, on the shipped code only: a test may
 * reach into any module to set up its case without making the modules depend on each other.
 */
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      severity: 'error',
      comment:
        'Server modules call each other one way only: where one must react to the change of another, the other emits a domain event (plugins/domain-events.ts) and the first listens.',
      scope: 'folder',
      from: { path: '^apps/server/src/modules/[^/]+$' },
      to: { path: '^apps/server/src/modules/[^/]+$', circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: '(^|/)(dist|build|coverage|drizzle)/|\\.test\\.ts$|^apps/server/test/' },
  },
};
