import { NativeSelect, type NativeSelectProps } from '@mantine/core';

type PageSizeSelectProps = Omit<NativeSelectProps, 'data' | 'value' | 'onChange'> & {
  /** the sizes offered, as strings in ascending order */
  sizes: string[];
  perPage: number;
  onPerPageChange: (perPage: number) => void;
};

/**
 * Rows per page; a size kept by another list (stored as itemsPerPage) stays selectable.
 * The browser's own select (issue 35): under the product list and every table, so Mantine's
 * Combobox, Popover and floating-ui stay out of their first load.
 */
export const PageSizeSelect = ({
  sizes,
  perPage,
  onPerPageChange,
  ...props
}: PageSizeSelectProps) => (
  <NativeSelect
    data={
      sizes.includes(String(perPage))
        ? sizes
        : [...sizes, String(perPage)].sort((a, b) => Number(a) - Number(b))
    }
    value={String(perPage)}
    onChange={(event) => {
      const next = Number(event.currentTarget.value);
      if (Number.isInteger(next) && next > 0) onPerPageChange(next);
    }}
    size="xs"
    {...props}
  />
);
