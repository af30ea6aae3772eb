import { SecondFactorPage } from '@/features/security/components/second-factor-page';

export const Component = SecondFactorPage;
