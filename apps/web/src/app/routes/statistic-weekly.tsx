import { WeeklyPage } from '@/features/statistics/components/weekly-page';

export const Component = WeeklyPage;
