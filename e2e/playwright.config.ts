import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { baseURL, OIDC_PORT, oidcIssuer, PORTAL_PORT } from './support/env';

const root = path.resolve(import.meta.dirname, '..');
// A fresh data folder per run; the config is loaded again in each worker, which inherits it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'esd-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './tests',
  // sized for CI's 2 cores shared with other work (a passing step never waits for these)
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `npx tsx ${path.join(import.meta.dirname, 'support/oidc-server.ts')}`,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      cwd: root,
    },
    {
      // E2E_NODE: the Node that runs the portal (CI passes Node 24 LTS, the production Node)
      command: `${process.env.E2E_NODE ?? 'node'} scripts/start.mjs`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      cwd: root,
      stdout: 'pipe',
      env: {
        PORT: String(PORTAL_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        OIDC_ISSUER: oidcIssuer,
        OIDC_CLIENT_ID: 'esd-portal',
        LOG_LEVEL: 'warn',
        // every journey signs in from 127.0.0.1
        ANONYMOUS_RATE_LIMIT_PER_MINUTE: '10000',
        E2E_OIDC_PORT: String(OIDC_PORT),
        // the journeys never reach the central bank; rates are typed or imported
        CBAR_RATES_URL: 'off',
        // nor mail admins at noon: journeys count the mailbox
        RATE_DUE_AT: 'off',
        // the journeys put the demo password back (demo1234: zxcvbn score 1) after changing it
        PASSWORD_MIN_SCORE: '1',
        PASSWORD_MIN_SCORE_ADMIN: '1',
        // every journey signs the demo admins in with the password alone; the second-factor
        // journeys (mfa.spec.ts) enrol the global admin on its profile and sign in with them
        MFA_REQUIRED_ROLES: 'none',
        // webhooks.spec.ts registers a receiver it runs on 127.0.0.1 (plain http)
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
    },
  ],
});
