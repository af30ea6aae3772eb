import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n/i18n';
import az from '@/lib/i18n/locales/az.json';
import en from '@/lib/i18n/locales/en.json';
import { LoadFailed } from './load-failed';

// i18n.ts marks the document's language; this suite runs in Node
(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

const render = () =>
  renderToStaticMarkup(
    <MantineProvider>
      <LoadFailed title="Prices could not be loaded" onRetry={() => {}} />
    </MantineProvider>,
  );

describe('[components] LoadFailed', () => {
  beforeAll(async () => {
    await initI18n({
      startup: async (lang) => (lang === 'az' ? az : en),
      pages: async () => ({}),
    });
  });

  it('announces the title as an alert and offers to try again, in the interface language', async () => {
    await i18n.changeLanguage('en');
    const english = render();
    expect(english).toMatch(/role="alert"/);
    expect(english).toContain('Prices could not be loaded');
    expect(english).toMatch(/<button[^>]*>.*Retry.*<\/button>/s);
    await i18n.changeLanguage('az');
    expect(render()).toContain('Yenidən cəhd et');
  });
});
