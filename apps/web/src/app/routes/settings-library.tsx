import { LibrarySettingsPage } from '@/features/library/components/library-settings-page';

export const Component = LibrarySettingsPage;
