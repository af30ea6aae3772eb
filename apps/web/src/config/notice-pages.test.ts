import { noticePages } from '@esd/shared/notifications/notifications.rules';
import { describe, expect, it } from 'vitest';
import { findPageByPathname } from './paths';

describe('[notifications] the pages admin mails link to', () => {
  it('are pages of the app, each open to the roles the mails assume', () => {
    for (const [name, notice] of Object.entries(noticePages)) {
      const found = findPageByPathname(notice.path);
      expect(found, `${name}: ${notice.path}`).toBeDefined();
      expect(found?.page.access, `${name}: ${notice.path}`).toBe(notice.access);
    }
  });
});
