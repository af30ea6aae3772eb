import { WebhooksPage } from '@/features/webhooks/components/webhooks-page';

export const Component = WebhooksPage;
