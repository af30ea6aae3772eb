import { describe, expect, it } from 'vitest';
import { measurePassword } from './password-strength';

const account = { name: 'Nigar Aliyeva', email: 'nigar.aliyeva@absheron.example' };

describe('[passwords] strength from zxcvbn (issue 32)', () => {
  it('scores common, personal and strong passwords, with the warning as a key', async () => {
    expect(await measurePassword('password', account)).toMatchObject({
      score: 0,
      warning: 'topTen',
    });
    expect((await measurePassword('demo1234', account)).score).toBeLessThan(2);
    expect((await measurePassword('Nigar.Aliyeva', account)).warning).toBe('userInputs');
    // the same word is fine for someone else
    const stranger = { name: 'Rashad Mammadov', email: 'rashad@example.com' };
    expect((await measurePassword('aliyevanigar', account)).score).toBeLessThan(
      (await measurePassword('aliyevanigar', stranger)).score,
    );
    expect((await measurePassword('correct horse battery staple', account)).score).toBe(4);
  });

  it('checks in a few tens of milliseconds once loaded, whatever is typed', async () => {
    await measurePassword('warm-up', account);
    const worst = [
      'Aa1!'.repeat(32),
      '1!|3@4$5%7&0()'.repeat(9),
      '1234567890'.repeat(12),
      'p@$$w0rd'.repeat(16),
      'x'.repeat(128),
    ];
    for (const password of worst) {
      const started = performance.now();
      await measurePassword(password, account);
      // a loaded shared machine measured under 400 ms for the slowest; 8 s before the caps
      expect(performance.now() - started, password.slice(0, 16)).toBeLessThan(1500);
    }
  });
});
