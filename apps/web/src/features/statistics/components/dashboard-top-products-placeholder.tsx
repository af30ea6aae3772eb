import { Paper } from '@mantine/core';
import classes from './dashboard-top-products.module.css';

/** The top-5 row's place while its chunk loads: the same frame, empty (no layout shift). */
export const DashboardTopProductsPlaceholder = () => (
  <Paper className={classes.frame} radius="lg" withBorder aria-hidden />
);
