import { MarkupPage } from '@/features/settings/components/markup-page';

export const Component = MarkupPage;
