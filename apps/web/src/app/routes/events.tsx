import { EventsPage } from '@/features/events/components/events-page';

export const Component = EventsPage;
