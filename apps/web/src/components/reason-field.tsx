import { Textarea, type TextareaProps } from '@mantine/core';

type ReasonFieldProps = Omit<
  TextareaProps,
  'label' | 'description' | 'maxLength' | 'autosize' | 'minRows' | 'maxRows' | 'rows'
> & {
  label: string;
  /** who reads the reason, or where it is kept */
  description: string;
  /** the longest reason the server takes (the bound of its schema) */
  max: number;
  /** the rows it grows between, [fewest, most]; by default from two, without a limit */
  lines?: readonly [number, number?];
};

/**
 * Why an admin does something that others read or the audit log keeps (a refused partner, a
 * changed or deleted day's rate): a growing text box, required unless said otherwise, that
 * takes no more than the server does. Its error is the form's, or the caller's.
 */
export const ReasonField = ({ max, lines = [2], required = true, ...props }: ReasonFieldProps) => (
  <Textarea
    required={required}
    autosize
    minRows={lines[0]}
    maxRows={lines[1]}
    maxLength={max}
    {...props}
  />
);
