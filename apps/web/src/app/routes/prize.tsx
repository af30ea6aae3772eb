import { PrizePage } from '@/features/events/components/prize-page';

export const Component = PrizePage;
