import { EventPage } from '@/features/events/components/event-page';

export const Component = EventPage;
