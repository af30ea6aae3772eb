import { Group, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { DecimalInput } from './decimal-input';

type NamePercentFieldsProps = {
  nameLabel: string;
  percentLabel: string;
  percentHint: string;
  /** form.getInputProps of the name field */
  nameInput: GetInputPropsReturnType;
  /** form.getInputProps of the percentage field */
  percentInput: GetInputPropsReturnType;
};

/** A group's name beside its percentage (a markup), side by side when there is room. */
export const NamePercentFields = ({
  nameLabel,
  percentLabel,
  percentHint,
  nameInput,
  percentInput,
}: NamePercentFieldsProps) => (
  <Group grow align="flex-start" wrap="wrap">
    <TextInput label={nameLabel} required maxLength={100} miw={200} {...nameInput} />
    <DecimalInput
      label={percentLabel}
      description={percentHint}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      required
      rightSection="%"
      miw={160}
      {...percentInput}
    />
  </Group>
);
