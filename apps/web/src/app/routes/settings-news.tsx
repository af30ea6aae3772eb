import { NewsSettingsPage } from '@/features/news/components/news-settings-page';

export const Component = NewsSettingsPage;
