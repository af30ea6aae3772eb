import { MAX_LINE_QUANTITY, MIN_QUANTITY } from '@esd/shared/constants';
import {
  decrementQuantity,
  incrementQuantity,
  normalizeQuantity,
} from '@esd/shared/shop/quantity.rules';
import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

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

/**
 * Spec 5: only digits are kept while typing; minimum 1; a non-numeric value becomes 1; the
 * minus button does nothing at 1. The field may be empty while focused so a number can be
 * retyped; leaving it empty gives 1.
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
  // no more digits than the maximum has; the server names the limit when it is passed
  const { t } = useTranslation();
  const [text, setText] = useState(String(value));
  const isAtMinimum = value <= MIN_QUANTITY;

  useEffect(() => setText(String(value)), [value]);

  const type = (raw: string) => {
    const digits = raw.replace(/\D/g, '').slice(0, String(max).length);
    if (digits === '') {
      setText('');
      return;
    }
    const next = normalizeQuantity(digits);
    setText(String(next));
    onChange(next);
  };

  const settle = () => {
    const next = normalizeQuantity(text);
    setText(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size={size === 'xs' ? 'md' : 'input-sm'}
        aria-label={t('actions.decreaseQuantity')}
        // stays clickable at 1 and does nothing there, as spec 5 says; it only looks disabled
        data-disabled={isAtMinimum || undefined}
        aria-disabled={isAtMinimum || undefined}
        disabled={disabled}
        onClick={() => onChange(decrementQuantity(value))}
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
        w={size === 'xs' ? 52 : 64}
        styles={{ input: { textAlign: 'center' } }}
      />
      <ActionIcon
        variant="default"
        size={size === 'xs' ? 'md' : 'input-sm'}
        aria-label={t('actions.increaseQuantity')}
        disabled={disabled || value >= max}
        onClick={() => onChange(incrementQuantity(value))}
      >
        <IconPlus size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
};
