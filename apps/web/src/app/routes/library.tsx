import { LibraryPage } from '@/features/library/components/library-page';

export const Component = LibraryPage;
