import { TargetsPage } from '@/features/targets/components/targets-page';

export const Component = TargetsPage;
