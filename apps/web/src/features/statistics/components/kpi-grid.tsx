import { SimpleGrid } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { StatCard } from './sales-parts';

export type Kpi = {
  label: string;
  value: string;
  hint?: ReactNode;
  icon: ReactNode;
  color: string;
};

type KpiGridProps = {
  kpis: Kpi[];
  /** how one card is drawn: the sales pages' StatCard unless a page has its own */
  Card?: ComponentType<Kpi>;
};

/** A statistics page's key figures: four cards in a row, two a row on phones. */
export const KpiGrid = ({ kpis, Card = StatCard }: KpiGridProps) => (
  <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
    {kpis.map((kpi) => (
      <Card key={kpi.label} {...kpi} />
    ))}
  </SimpleGrid>
);
