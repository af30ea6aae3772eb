// @vitest-environment happy-dom
import { MAX_LINE_QUANTITY } from '@esd/shared/constants';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n/i18n';
import az from '@/lib/i18n/locales/az.json';
import en from '@/lib/i18n/locales/en.json';
import ru from '@/lib/i18n/locales/ru.json';
import { QuantityStepper } from './quantity-stepper';

const common = { en, ru, az } as const;

/** The stepper in a parent that keeps its value, and every value the parent was given. */
const renderStepper = (start: number, max?: number) => {
  const given: number[] = [];
  const Parent = () => {
    const [value, setValue] = useState(start);
    return (
      <QuantityStepper
        value={value}
        max={max}
        label="Quantity of Office"
        onChange={(next) => {
          given.push(next);
          setValue(next);
        }}
      />
    );
  };
  render(
    <MantineProvider>
      <Parent />
    </MantineProvider>,
  );
  const field = screen.getByRole('textbox', { name: 'Quantity of Office' });
  return { field, given, user: userEvent.setup() };
};

/** Replaces what the field holds with `text`, as one paste. */
const paste = async (
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  text: string,
) => {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
};

const describedBy = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('QuantityStepper (issue 33: refuses what is not a whole number in range)', () => {
  beforeAll(async () => {
    await initI18n({ startup: async (lang) => common[lang], pages: async () => ({}) });
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it.each([
    ['2.5', 'Only whole licences can be ordered. The quantity stays 3.'],
    ['2,5', 'Only whole licences can be ordered. The quantity stays 3.'],
    ['-3', 'The quantity is at least 1. It stays 3.'],
    ['0', 'The quantity is at least 1. It stays 3.'],
    ['1e3', 'Type digits only. The quantity stays 3.'],
    ['three licences', 'Type digits only. The quantity stays 3.'],
    ['100001', 'At most 100,000 per line. The quantity stays 3.'],
  ])(
    'refuses %s in place: the text stays, the field is invalid and says why, the quantity stays 3',
    async (typed, reason) => {
      const { field, given, user } = renderStepper(3);
      await paste(user, field, typed);
      expect(field).toHaveProperty('value', typed);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(field)).toBe(reason);
      expect(given).toEqual([]);
    },
  );

  it('takes the line maximum itself, the server bound of packages/shared', async () => {
    const { field, given, user } = renderStepper(3);
    await paste(user, field, String(MAX_LINE_QUANTITY));
    expect(given).toEqual([MAX_LINE_QUANTITY]);
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('keeps the last valid value while typing 2,5 key by key, and clears the reason on a valid number', async () => {
    const { field, given, user } = renderStepper(3);
    await user.clear(field);
    await user.type(field, '2,5');
    expect(given).toEqual([2]);
    expect(describedBy(field)).toBe('Only whole licences can be ordered. The quantity stays 2.');
    await user.clear(field);
    await user.type(field, '7');
    expect(given).toEqual([2, 7]);
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
    expect(field.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows the kept quantity again when the field is left empty, and a step clears a refusal', async () => {
    const { field, given, user } = renderStepper(4);
    await user.clear(field);
    await user.tab();
    expect(field).toHaveProperty('value', '4');
    await paste(user, field, '-3');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(given).toEqual([5]);
    expect(field).toHaveProperty('value', '5');
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('says the reason with the language’s number format in ru and az', async () => {
    await i18n.changeLanguage('az');
    let stepper = renderStepper(1200, 10_000);
    await paste(stepper.user, stepper.field, '2,5');
    expect(describedBy(stepper.field)).toBe(
      'Yalnız tam sayda lisenziya sifariş etmək olar. Say dəyişmədi: 1.200.',
    );
    await paste(stepper.user, stepper.field, '20000');
    expect(describedBy(stepper.field)).toBe('Bir sətirdə ən çox 10.000. Say dəyişmədi: 1.200.');
    cleanup();
    await i18n.changeLanguage('ru');
    stepper = renderStepper(3);
    await paste(stepper.user, stepper.field, '-3');
    expect(describedBy(stepper.field)).toBe('Количество — не меньше 1. Оно не изменилось: 3.');
    expect(stepper.given).toEqual([]);
  });
});
