import type { Role } from '@esd/shared/access/access.rules';
import { describe, expect, it } from 'vitest';
import { getNavSections } from './nav-items';

const linksOf = (role: Role, viewer?: { type_id: number; has_adobe_account: boolean }) =>
  Object.fromEntries(
    getNavSections(role, viewer).map((section) => [
      section.key,
      section.items.map((item) => item.page),
    ]),
  );

describe('getNavSections', () => {
  it('shows a user only the shop, orders and events & news', () => {
    expect(linksOf('u')).toEqual({
      shop: ['products', 'checkout'],
      // issue 33: its dealer's credit, which its credit orders use
      orders: ['orders', 'credit'],
      eventsNews: ['events', 'news', 'library'],
    });
  });

  it('shows a dealer its own settings but no global ones and no weekly statistics', () => {
    expect(linksOf('d', { type_id: 3, has_adobe_account: true })).toEqual({
      shop: ['products', 'checkout', 'adobeSubscriptions'],
      orders: ['orders', 'credit'],
      eventsNews: ['events', 'news', 'library'],
      statistics: ['statisticQuarter', 'statisticAdobe'],
      settings: [
        'settingsUsers',
        'settingsGroups',
        'settingsWebhooks',
        'settingsApiKeys',
        'settingsProduct',
      ],
    });
  });

  it('shows Adobe sales to no dealer without an Adobe account, nor before its profile answers', () => {
    for (const viewer of [{ type_id: 3, has_adobe_account: false }, undefined]) {
      const links = linksOf('d', viewer);
      expect(links.statistics).toEqual(['statisticQuarter']);
      expect(links.shop).toEqual(['products', 'checkout']);
    }
  });

  it('shows a local district admin every statistic and the users, without events', () => {
    expect(linksOf('ld')).toEqual({
      shop: ['products', 'checkout'],
      orders: ['orders'],
      eventsNews: ['news', 'library'],
      statistics: [
        'statisticWeekly',
        'statisticDistribution',
        'statisticQuarter',
        'statisticAdobe',
      ],
      settings: ['settingsUsers'],
    });
  });

  it('shows a global district admin every global setting, the mailbox included', () => {
    const settings = linksOf('gd').settings;
    expect(settings).toContain('settingsMailbox');
    expect(settings).toContain('settingsWonPrizes');
    expect(settings).not.toContain('settingsGroups');
    expect(settings).not.toContain('settingsProduct');
    expect(settings).toContain('settingsPartners');
    expect(settings).toContain('settingsJobs');
    expect(settings).toContain('settingsCompany');
    expect(settings).toHaveLength(15);
  });
});
