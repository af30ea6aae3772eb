import { DistributionPage } from '@/features/statistics/components/distribution-page';

export const Component = DistributionPage;
