import { Select, type SelectProps } from '@mantine/core';

type PageSizeSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  /** the sizes offered, as strings in ascending order */
  sizes: string[];
  perPage: number;
  onPerPageChange: (perPage: number) => void;
};

/** Rows per page; a size kept by another list (stored as itemsPerPage) stays selectable. */
export const PageSizeSelect = ({
  sizes,
  perPage,
  onPerPageChange,
  ...props
}: PageSizeSelectProps) => (
  <Select
    data={
      sizes.includes(String(perPage))
        ? sizes
        : [...sizes, String(perPage)].sort((a, b) => Number(a) - Number(b))
    }
    value={String(perPage)}
    onChange={(value) => {
      const next = Number(value);
      if (Number.isInteger(next) && next > 0) onPerPageChange(next);
    }}
    allowDeselect={false}
    size="xs"
    {...props}
  />
);
