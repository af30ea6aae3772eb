/**
 * The boundaries between the parts of the portal (issue 19, docs/architecture.md). Run by
 * `npm run lint:deps` (and so by `.ci/run`); any rule below that a change breaks fails CI.
 */
const test = '(\\.test\\.tsx?$|^apps/server/test/|^e2e/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle makes the load order matter and the parts impossible to read alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-to-other-feature',
      severity: 'error',
      comment:
        'A web feature imports no other feature: compose features in app/ (as app/shop-slots.tsx does).',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-base-to-feature',
      severity: 'error',
      comment: 'components/, lib/ and config/ are below the features: they import none.',
      from: { path: '^apps/web/src/(components|lib|config)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'shared-to-app',
      severity: 'error',
      comment: 'packages/shared is used by both apps and imports neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'client-to-portal-code',
      severity: 'error',
      comment:
        "packages/client is what a dealer's developer uses: it stands on the OpenAPI document alone, never on the portal's code.",
      from: { path: '^packages/client/' },
      to: { path: '^(apps|packages/shared|e2e|bench|examples)/' },
    },
    {
      name: 'example-to-portal-code',
      severity: 'error',
      comment:
        "The examples are a dealer's code to copy: they use @esd/client and standardwebhooks, never the portal's own code.",
      from: { path: '^examples/' },
      to: { path: '^(apps|packages/shared|e2e|bench)/' },
    },
    {
      name: 'server-base-to-module',
      severity: 'error',
      comment:
        'plugins/, lib/ and db/ are below the modules: a module registers with them, they import none.',
      from: { path: '^apps/server/src/(plugins|lib|db|config)/', pathNot: test },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'module-to-other-module-internals',
      severity: 'error',
      comment:
        "A server module uses another only through that module's index.ts, its public surface (issue 30): its repository, services and helpers are its own. Module-level cycles are refused by .dependency-cruiser-modules.cjs.",
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: test },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: '^apps/server/src/modules/($1/|[^/]+/index\\.ts$)',
      },
    },
    {
      name: 'server-to-module-internals',
      severity: 'error',
      comment:
        "Outside the modules (seed/...), a module is used through its index.ts too; only app.ts registers a module's routes and plugins from their files.",
      from: {
        path: '^apps/server/src/',
        pathNot: `(^apps/server/src/(modules/|app\\.ts$)|${test})`,
      },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '/index\\.ts$' },
    },
    {
      name: 'module-query-outside-repository',
      severity: 'error',
      comment:
        'In a server module only *.repository.ts files query: routes, services and helpers read and write through a repository (SQL helpers shared by modules live in lib/ and db/).',
      from: {
        path: '^apps/server/src/modules/',
        pathNot: `(\\.repository\\.ts$|${test})`,
      },
      to: { path: '(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'runtime-to-test-code',
      severity: 'error',
      comment: 'Code that ships imports no test code.',
      from: { path: '^(apps|packages)/', pathNot: test },
      to: { path: test },
    },
    {
      name: 'server-to-web',
      severity: 'error',
      comment: 'The server and the browser app share code only through packages/shared.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-to-server',
      severity: 'error',
      comment: 'The server and the browser app share code only through packages/shared.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|build|coverage|drizzle)/' },
    tsPreCompilationDeps: true,
    // for the web app's '@/' alias; the server and shared use relative paths and @esd/shared
    tsConfig: { fileName: '.dependency-cruiser.tsconfig.json' },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      // .d.ts: the client's generated types (packages/client/src/schema.d.ts)
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
