import { canAccess } from '@esd/shared/access/access.rules';
import { MyPrizesList } from '@/features/events/components/my-prizes-list';
import { NoticeSettingsCard } from '@/features/notifications/components/notice-settings-card';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { SecurityCard } from '@/features/security/components/security-card';
import { getUserRole } from '@/lib/storage';

export const Component = () => (
  <ProfilePage
    prizes={<MyPrizesList />}
    security={<SecurityCard />}
    // only admins are mailed what waits for them
    notices={canAccess('globalOrLocal', getUserRole()) ? <NoticeSettingsCard /> : undefined}
  />
);
