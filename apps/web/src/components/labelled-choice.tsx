import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';

/** What a control built on LabelledChoice takes: its own kind of value, parsed from the choice. */
export type ChoiceProps<V> = { value: V; onChange: (value: V) => void };

type LabelledChoiceProps = {
  /** the words before the choices, which name them for assistive technology */
  label: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  /** the label stands above the choices (in a row of filters) instead of on their left */
  above?: boolean;
};

/** A segmented choice with its visible label (the way to pay, a period, a currency). */
export const LabelledChoice = ({ label, data, value, onChange, above }: LabelledChoiceProps) => {
  const labelId = useId();
  const children = (
    <>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} data={data} value={value} onChange={onChange} />
    </>
  );
  return above ? (
    <Stack gap={4}>{children}</Stack>
  ) : (
    <Group gap="xs" wrap="nowrap">
      {children}
    </Group>
  );
};
