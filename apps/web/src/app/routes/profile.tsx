import { MyPrizesList } from '@/features/events/components/my-prizes-list';
import { ProfilePage } from '@/features/profile/components/profile-page';

export const Component = () => <ProfilePage prizes={<MyPrizesList />} />;
