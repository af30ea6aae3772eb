import { SettingsPrizesPage } from '@/features/events/components/settings-prizes-page';

export const Component = SettingsPrizesPage;
