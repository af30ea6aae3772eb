import { MissedPage } from '@/components/missed-page';

export const Component = () => <MissedPage kind="notFound" />;
