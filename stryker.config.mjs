// Mutation testing of the shared business rules (issue 29): `npm run test:mutation`.
// Too slow for CI's 2 cores; a developer runs it (docs/testing.md#mutation-testing).
export default {
  mutate: ['packages/shared/src/**/*.rules.ts', 'packages/shared/src/shop/money.ts'],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  coverageAnalysis: 'perTest',
  // 2 cores shared with other work: `--concurrency 1` while something else runs
  concurrency: 2,
  // the sandbox needs the shared package and the root configs, not the apps
  ignorePatterns: ['/apps', '/e2e', '/bench', '/docs', '/scripts', '/reports'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
