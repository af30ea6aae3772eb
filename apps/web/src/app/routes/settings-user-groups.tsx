import { UserGroupsPage } from '@/features/dealer/components/user-groups-page';

export const Component = UserGroupsPage;
