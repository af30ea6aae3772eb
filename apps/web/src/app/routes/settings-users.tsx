import { UsersPage } from '@/features/users/components/users-page';

export const Component = UsersPage;
