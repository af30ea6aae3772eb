import { QuarterPage } from '@/features/statistics/components/quarter-page';

export const Component = QuarterPage;
