import { SettingsEventsPage } from '@/features/events/components/settings-events-page';

export const Component = SettingsEventsPage;
