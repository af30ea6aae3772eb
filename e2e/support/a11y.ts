import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The serious and critical WCAG 2.1 AA violations axe finds on the page, one line each. */
export const seriousViolations = async (page: Page) => {
  await settled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

/**
 * Waits until every finite animation and transition (a drawer sliding in, a modal fading in)
 * has finished: axe measures colour contrast from the pixels' current opacity, so a scan in
 * mid-transition reports contrast failures the finished page does not have.
 */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
      ),
  );

export const expectNoSeriousViolations = async (page: Page, label: string) => {
  expect(await seriousViolations(page), label).toEqual([]);
};

/**
 * Shows a page in a language without changing the account's own (other journeys rely on it),
 * and waits until it has settled so axe scans the finished page.
 */
export const inLanguage = async (page: Page, path: string, lang: string) => {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
};
