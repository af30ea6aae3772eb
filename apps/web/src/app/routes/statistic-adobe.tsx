import { AdobeStatisticsPage } from '@/features/statistics/components/adobe-statistics-page';

export const Component = AdobeStatisticsPage;
