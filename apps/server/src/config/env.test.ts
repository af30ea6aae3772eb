import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, demoExposureWarning, isLoopbackHost, loadConfig } from './env';

const ADOBE_API_URL = 'https://partners.adobe.example/v3';

describe('[config] typed environment', () => {
  it('stops with a message naming the wrong variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ OIDC_ISSUER: 'http://idp.test' })).toThrow(/OIDC_CLIENT_ID/);
  });

  it('generates a JWT secret once and keeps it in the data folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'esd-config-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(first).toMatchObject({ PORT: 3000, isEmbeddedDb: true, isSmtpConfigured: false });
  });

  it('listens on this machine only unless HOST says otherwise, and warns of public demo accounts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'esd-config-'));
    expect(loadConfig({ DATA_DIR: dir }).HOST).toBe('127.0.0.1');
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'portal.example.com'])
      expect(isLoopbackHost(host), host).toBe(false);
    const local = { HOST: '127.0.0.1', SEED_DEMO: undefined, ADOBE_API_URL: undefined };
    expect(demoExposureWarning(local)).toBeUndefined();
    expect(
      demoExposureWarning({ HOST: '0.0.0.0', SEED_DEMO: false, ADOBE_API_URL }),
    ).toBeUndefined();
    expect(demoExposureWarning({ HOST: '0.0.0.0', SEED_DEMO: undefined, ADOBE_API_URL })).toMatch(
      /demo data .* reachable at 0\.0\.0\.0/,
    );
  });

  it('refuses to start on a reachable HOST with the demo data or the Adobe sandbox unless ALLOW_DEMO=true (issue 32)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'esd-config-'));
    // `npm start` on loopback: the demo as before
    expect(loadConfig({ DATA_DIR: dir }).SEED_DEMO).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, HOST: 'localhost' }).HOST).toBe('localhost');
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'portal.example.com']) {
      expect(() => loadConfig({ DATA_DIR: dir, HOST: host }), host).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir, HOST: host }), host).toThrow(
        /SEED_DEMO.*ALLOW_DEMO/s,
      );
      // the demo data off, the sandbox still on
      expect(() => loadConfig({ DATA_DIR: dir, HOST: host, SEED_DEMO: 'false' }), host).toThrow(
        /Adobe sandbox/,
      );
      // the demo data on, a real Adobe endpoint
      expect(() => loadConfig({ DATA_DIR: dir, HOST: host, ADOBE_API_URL }), host).toThrow(
        /demo data/,
      );
      expect(
        loadConfig({ DATA_DIR: dir, HOST: host, SEED_DEMO: 'false', ADOBE_API_URL }).HOST,
      ).toBe(host);
      expect(loadConfig({ DATA_DIR: dir, HOST: host, ALLOW_DEMO: 'true' }).ALLOW_DEMO).toBe(true);
    }
  });

  it('trusts X-Forwarded-For from a proxy on this machine only by default (issue 32)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'esd-config-'));
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.1, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      'loopback',
    ]);
  });

  it("reads the central bank fetch's URL template, time and retry wait, or `off`", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'esd-config-'));
    const defaults = loadConfig({ DATA_DIR: dir });
    expect(defaults).toMatchObject({
      CBAR_RATES_URL: 'https://www.cbar.az/currencies/{date}.xml',
      CBAR_FETCH_AT: '10:00',
      CBAR_RETRY_DELAY_SECONDS: 900,
      RATE_DUE_AT: '12:00',
    });
    expect(loadConfig({ DATA_DIR: dir, RATE_DUE_AT: 'off' }).RATE_DUE_AT).toBe('off');
    expect(() => loadConfig({ DATA_DIR: dir, RATE_DUE_AT: '12' })).toThrow(/RATE_DUE_AT/);
    expect(loadConfig({ DATA_DIR: dir, CBAR_RATES_URL: 'off' }).CBAR_RATES_URL).toBe('off');
    const local = 'http://127.0.0.1:8080/rates/{date}.xml';
    expect(loadConfig({ DATA_DIR: dir, CBAR_RATES_URL: local }).CBAR_RATES_URL).toBe(local);
    for (const wrong of ['http://bank.test/rates.xml', 'ftp://bank.test/{date}.xml', 'no'])
      expect(() => loadConfig({ DATA_DIR: dir, CBAR_RATES_URL: wrong }), wrong).toThrow(
        /CBAR_RATES_URL/,
      );
    for (const wrong of ['24:00', '9:00', '10:60', 'ten'])
      expect(() => loadConfig({ DATA_DIR: dir, CBAR_FETCH_AT: wrong }), wrong).toThrow(
        /CBAR_FETCH_AT/,
      );
    expect(
      loadConfig({ DATA_DIR: dir, CBAR_RETRY_DELAY_SECONDS: '60' }).CBAR_RETRY_DELAY_SECONDS,
    ).toBe(60);
    for (const wrong of ['0', '-5', '1.5', '21601', 'soon'])
      expect(() => loadConfig({ DATA_DIR: dir, CBAR_RETRY_DELAY_SECONDS: wrong }), wrong).toThrow(
        /CBAR_RETRY_DELAY_SECONDS/,
      );
  });
});
