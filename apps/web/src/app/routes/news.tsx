import { NewsPage } from '@/features/news/components/news-page';

export const Component = NewsPage;
