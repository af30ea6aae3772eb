import { TextInput, type TextInputProps } from '@mantine/core';

/** Accepts what may still become a valid amount while typing: digits, one dot, `decimals` after it. */
export const isDecimalDraft = (value: string, decimals: number) =>
  new RegExp(`^\\d{0,15}(\\.\\d{0,${decimals}})?$`).test(value);

/** "1,5" typed on a keyboard with a decimal comma means 1.5. */
export const normalizeDecimalDraft = (value: string) => value.replace(',', '.').replace(/\s/g, '');

type DecimalInputProps = Omit<TextInputProps, 'onChange' | 'value'> & {
  value?: string;
  onChange: (value: string) => void;
  /** 2 for money and percentages, 4 for exchange rates */
  decimals?: number;
};

/**
 * Money, percentages and rates stay decimal strings from the keyboard to the API: no float
 * ever holds them. Keystrokes that would make more decimals than allowed are ignored.
 */
export const DecimalInput = ({ value, onChange, decimals = 2, ...props }: DecimalInputProps) => (
  <TextInput
    inputMode="decimal"
    autoComplete="off"
    {...props}
    value={value ?? ''}
    onChange={(event) => {
      const next = normalizeDecimalDraft(event.currentTarget.value);
      if (isDecimalDraft(next, decimals)) onChange(next);
    }}
    styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
  />
);
