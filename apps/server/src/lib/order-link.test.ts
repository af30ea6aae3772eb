import { describe, expect, it } from 'vitest';
import { linkParagraph, orderPageLink } from './order-link';
import { portalLink } from './portal-link';

describe('[mail] the link to an order', () => {
  it("links the order's page whether or not PUBLIC_URL ends with a slash", () => {
    expect(orderPageLink('https://portal.example', 42, 'en')).toBe(
      'https://portal.example/pages/orders?order=42&lang=en',
    );
    expect(orderPageLink('https://portal.example/', 42, 'az')).toBe(
      'https://portal.example/pages/orders?order=42&lang=az',
    );
  });

  it('names the language of the mail, after any query the page already has', () => {
    expect(portalLink('https://portal.example', '/pages/reset-password?token=abc', 'ru')).toBe(
      'https://portal.example/pages/reset-password?token=abc&lang=ru',
    );
    expect(portalLink('https://portal.example/', '/pages/adobe/subscriptions', 'az')).toBe(
      'https://portal.example/pages/adobe/subscriptions?lang=az',
    );
  });

  it('puts the label and the link on two text lines, and escapes both in HTML', () => {
    const link = 'https://portal.example/pages/orders?order=7&x="y"';
    expect(linkParagraph('Open <yours>:', link)).toEqual({
      text: `Open <yours>:\n${link}`,
      html: '<p>Open &#60;yours&#62;: <a href="https://portal.example/pages/orders?order=7&#38;x=&#34;y&#34;">https://portal.example/pages/orders?order=7&#38;x=&#34;y&#34;</a></p>',
    });
  });
});
