import { SettingsWonPrizesPage } from '@/features/events/components/settings-won-prizes-page';

export const Component = SettingsWonPrizesPage;
