import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The serious and critical WCAG 2.1 A and AA violations axe finds on the page, one line each. */
export const seriousViolations = async (page: Page) => {
  await settled(page);
  const results = await new AxeBuilder({ page })
    // only violations are read: axe then skips describing every passing node (set first:
    // options() replaces the run-only tags withTags adds, which only sets runOnly).
    // label-content-name-mismatch (WCAG 2.5.3 Label in Name: an aria-label must contain the
    // visible text, or a voice-control user saying the visible words cannot activate it) is
    // tagged experimental, which axe skips unless the rule is enabled by name; an explicit
    // `enabled` wins over the run-only tags, so the tags below still select all the others.
    .options({
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // A page without frames (all of the portal's): axe.run in the page itself. The default
    // runs per frame and finishes in a fresh blank page, which took ~2.5 times as long for the
    // same findings; a page with frames still gets it, so a cross-origin frame is scanned too.
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

/**
 * Brings every finite animation and transition (a drawer sliding in, a modal fading in) to its
 * end state: axe measures colour contrast from the pixels' current opacity, so a scan in
 * mid-transition reports contrast failures the finished page does not have. Finishing them
 * (rather than waiting) cannot hang on an animation that keeps restarting; endless ones such
 * as loaders are left running.
 */
const settled = (page: Page) =>
  page.evaluate(async () => {
    for (const animation of document.getAnimations()) {
      const end = animation.effect?.getComputedTiming().endTime;
      if (animation.playState === 'running' && end !== undefined && end !== Infinity) {
        animation.finish();
      }
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });

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
