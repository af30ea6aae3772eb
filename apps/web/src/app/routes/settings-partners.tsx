import { PartnerApplicationsPage } from '@/features/partners/components/partner-applications-page';

export const Component = PartnerApplicationsPage;
