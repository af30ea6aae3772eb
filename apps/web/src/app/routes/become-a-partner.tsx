import { PartnerApplicationPage } from '@/features/partners/components/partner-application-page';

export const Component = PartnerApplicationPage;
