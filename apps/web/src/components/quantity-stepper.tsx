import { MAX_LINE_QUANTITY, MIN_QUANTITY } from '@esd/shared/constants';
import { formatNumber } from '@esd/shared/format/format';
import {
  decrementQuantity,
  incrementQuantity,
  type QuantityRefusal,
  readQuantityInput,
} from '@esd/shared/shop/quantity.rules';
import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
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
  /** the most the field counts to (a basket line's by default, the server's bound) */
  max?: number;
};

/**
 * The one quantity field of the shop (product card and page, basket line, checkout, Adobe
 * panel). It passes on only a whole number from 1 to `max` (spec 5's minimum; the minus button
 * does nothing at 1). Anything else typed or pasted (`2.5`, `2,5`, `-3`, `0`, `1e3`, text, a
 * number over the maximum) is refused in place: the text stays as typed, the field is marked
 * invalid with the reason under it, and the quantity keeps its last valid value; nothing is
 * multiplied, negated or cut. Leaving the field empty or refused shows that value again.
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
  const [refusal, setRefusal] = useState<QuantityRefusal>();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const isAtMinimum = value <= MIN_QUANTITY;

  // the quantity changed (a step, the basket's answer): the field shows it, nothing refused
  useEffect(() => {
    setText(String(value));
    setRefusal(undefined);
  }, [value]);

  const type = (raw: string) => {
    setText(raw);
    const reading = readQuantityInput(raw, max);
    setRefusal(reading.kind === 'refused' ? reading.reason : undefined);
    if (reading.kind === 'quantity' && reading.value !== value) onChange(reading.value);
  };

  const step = (next: number) => {
    setRefusal(undefined);
    setText(String(next));
    if (next !== value) onChange(next);
  };

  // an empty field shows the quantity again; a refused one keeps its text and reason
  const settle = () => {
    if (readQuantityInput(text, max).kind === 'empty') setText(String(value));
  };

  const number = (n: number) => formatNumber(n, i18n.language);
  const reason = refusal
    ? t(`quantity.refused.${refusal}`, {
        min: number(MIN_QUANTITY),
        max: number(max),
        kept: number(value),
      })
    : null;

  // Mantine points aria-describedby only at an error of its own, under the narrow box where
  // the reason has no room: the field is described by the reason below the whole stepper
  useLayoutEffect(() => {
    if (reason) input.current?.setAttribute('aria-describedby', errorId);
    else input.current?.removeAttribute('aria-describedby');
  }, [reason, errorId]);

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
          onClick={() => step(decrementQuantity(value))}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <TextInput
          ref={input}
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
          error={reason !== null}
          styles={{ input: { textAlign: 'center', fontVariantNumeric: 'tabular-nums' } }}
        />
        <ActionIcon
          variant="default"
          size={size === 'xs' ? 'md' : 'input-sm'}
          aria-label={t('actions.increaseQuantity')}
          disabled={disabled || value >= max}
          onClick={() => step(incrementQuantity(value, max))}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {/* polite: a screen reader hears the reason after the keystroke */}
      <Text id={errorId} size="xs" c="red.8" maw={260} aria-live="polite">
        {reason}
      </Text>
    </Stack>
  );
};
