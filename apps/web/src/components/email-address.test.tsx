// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailAddress, emailParts } from './email-address';

describe('EmailAddress (issue 33: the users table breaks no address mid-word)', () => {
  afterEach(cleanup);

  it('cuts an address only before its @ and its dots', () => {
    expect(emailParts('anna.maria@caspian-soft.example.az')).toEqual([
      'anna',
      '.maria',
      '@caspian-soft',
      '.example',
      '.az',
    ]);
    expect(emailParts('dealer@example.com').join('')).toBe('dealer@example.com');
  });

  it('shows the whole address as its text and title, each part unbreakable with an ellipsis', () => {
    render(
      <MantineProvider>
        <EmailAddress email="very.long.dealer.name@example.com" />
      </MantineProvider>,
    );
    const address = screen.getByTitle('very.long.dealer.name@example.com');
    expect(address.textContent).toBe('very.long.dealer.name@example.com');
    const parts = [...address.querySelectorAll('span')];
    expect(parts.map((part) => part.textContent)).toEqual(emailParts(address.title));
    for (const part of parts) {
      expect(part.style.whiteSpace).toBe('nowrap');
      expect(part.style.textOverflow).toBe('ellipsis');
      expect(part.style.display).toBe('inline-block');
    }
    expect(address.style.wordBreak).toBe('normal');
  });
});
