import { defineConfig } from 'vitest/config';
import rootConfig from './vitest.config';

// Stryker (stryker.config.mjs) mutates packages/shared only: it runs the root config's `shared`
// project alone, so the server's global setup and the web tests never start for a mutant.
const projects = (rootConfig.test?.projects ?? []).filter(
  (project) => typeof project === 'object' && 'test' in project && project.test?.name === 'shared',
);
if (projects.length !== 1) throw new Error('vitest.config.ts has no project named shared');

export default defineConfig({ test: { projects } });
