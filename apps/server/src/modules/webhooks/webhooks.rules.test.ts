import { describe, expect, it } from 'vitest';
import {
  GIVE_UP_AFTER_MS,
  hasTriedLongEnough,
  retryDelaySeconds,
  signingSecrets,
} from './webhooks.rules';
import { isRefusedAddress } from './webhooks.target';

describe('[webhooks][rules] retries, giving up, the roll overlap and refused addresses', () => {
  it('doubles the wait after each failure, up to six hours', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, 30))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20, 30)).toBe(6 * 60 * 60);
  });

  it('gives up three days after the first attempt, not a moment before', () => {
    const first = new Date('2026-01-01T00:00:00Z');
    expect(hasTriedLongEnough(first, new Date(first.getTime() + GIVE_UP_AFTER_MS - 1))).toBe(false);
    expect(hasTriedLongEnough(first, new Date(first.getTime() + GIVE_UP_AFTER_MS))).toBe(true);
  });

  it('signs with the previous secret only until it expires', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const endpoint = {
      secret: 'new',
      previousSecret: 'old',
      previousSecretExpiresAt: new Date(now.getTime() + 1000),
    };
    expect(signingSecrets(endpoint, now)).toEqual(['new', 'old']);
    expect(signingSecrets(endpoint, new Date(now.getTime() + 1000))).toEqual(['new']);
    expect(signingSecrets({ ...endpoint, previousSecret: null }, now)).toEqual(['new']);
  });

  it('refuses loopback, private, link-local, CGNAT, multicast and unspecified addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ])
      expect(isRefusedAddress(address), address).toBe(true);
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ])
      expect(isRefusedAddress(address), address).toBe(false);
  });
});
