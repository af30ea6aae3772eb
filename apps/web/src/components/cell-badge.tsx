import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A Badge for table cells: its label would otherwise let the column shrink it to an
 * ellipsis ("FIXED $9…"), because the label's overflow makes its minimum width zero.
 */
export const CellBadge = ({ children, ...props }: BadgeProps & { children: ReactNode }) => (
  <Badge {...props} styles={{ label: { overflow: 'visible' } }}>
    {children}
  </Badge>
);
