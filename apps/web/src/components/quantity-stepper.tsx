import { MAX_LINE_QUANTITY, MIN_QUANTITY } from '@esd/shared/constants';
import {
  decrementQuantity,
  incrementQuantity,
  normalizeQuantity,
} from '@esd/shared/shop/quantity.rules';
import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';

type QuantityStepperProps = {
  value: number;
  onChange: (value: number) => void;
  /** the accessible name of the field (say which product it counts) */
  label: string;
  disabled?: boolean;
  /** marks the field required (a form around it shows the asterisk) */
  required?: boolean;
  size?: 'xs' | 'sm' | 'md';
  /** the most the field counts to (a basket line's by default) */
  max?: number;
};

/** What the shopper typed, as the quantity the field keeps and why it differs, if it does. */
export const readQuantity = (
  raw: string,
  max: number,
): { text: string; value?: number; hint?: 'digitsOnly' | 'atMost' } => {
  const digits = raw.replace(/\D/g, '');
  const dropped = digits.length < raw.trim().length;
  if (digits === '') return { text: '', hint: dropped ? 'digitsOnly' : undefined };
  const typed = normalizeQuantity(digits);
  if (typed > max || digits.replace(/^0+/, '').length > String(max).length) {
    return { text: String(max), value: max, hint: 'atMost' };
  }
  return { text: String(typed), value: typed, hint: dropped ? 'digitsOnly' : undefined };
};

/**
 * Spec 5: only digits are kept while typing; minimum 1; a non-numeric value becomes 1; the
 * minus button does nothing at 1. The field may be empty while focused so a number can be
 * retyped; leaving it empty gives 1. Nothing changes silently: dropped characters and a
 * quantity cut to the maximum are said under the field.
 */
export const QuantityStepper = ({
  value,
  onChange,
  label,
  disabled,
  required,
  size = 'sm',
  max = MAX_LINE_QUANTITY,
}: QuantityStepperProps) => {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(String(value));
  const [hint, setHint] = useState<'digitsOnly' | 'atMost'>();
  const isAtMinimum = value <= MIN_QUANTITY;

  useEffect(() => setText(String(value)), [value]);

  const type = (raw: string) => {
    const read = readQuantity(raw, max);
    setText(read.text);
    setHint(read.hint);
    if (read.value !== undefined) onChange(read.value);
  };

  const settle = () => {
    const next = Math.min(normalizeQuantity(text), max);
    setText(String(next));
    if (next !== value) onChange(next);
  };

  // wide enough for the maximum's digits, whatever the font
  const digits = String(max).length;
  const width = size === 'xs' ? `calc(${digits}ch + 22px)` : `calc(${digits}ch + 30px)`;

  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size={size === 'xs' ? 'md' : 'input-sm'}
          aria-label={t('actions.decreaseQuantity')}
          // stays clickable at 1 and does nothing there, as spec 5 says; it only looks disabled
          data-disabled={isAtMinimum || undefined}
          aria-disabled={isAtMinimum || undefined}
          disabled={disabled}
          onClick={() => {
            setHint(undefined);
            onChange(decrementQuantity(value));
          }}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <TextInput
          aria-label={label}
          value={text}
          onChange={(event) => type(event.currentTarget.value)}
          onBlur={settle}
          inputMode="numeric"
          autoComplete="off"
          disabled={disabled}
          required={required}
          size={size}
          w={width}
          miw={size === 'xs' ? 52 : 64}
          styles={{ input: { textAlign: 'center', fontVariantNumeric: 'tabular-nums' } }}
        />
        <ActionIcon
          variant="default"
          size={size === 'xs' ? 'md' : 'input-sm'}
          aria-label={t('actions.increaseQuantity')}
          disabled={disabled || value >= max}
          onClick={() => {
            setHint(undefined);
            onChange(Math.min(incrementQuantity(value), max));
          }}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {/* a live region: screen readers hear why the field changed */}
      <Text size="xs" c="orange.9" role="status" maw={240}>
        {hint === 'atMost'
          ? t('quantity.atMost', { max: formatNumber(max, i18n.language) })
          : hint === 'digitsOnly'
            ? t('quantity.digitsOnly')
            : null}
      </Text>
    </Stack>
  );
};
