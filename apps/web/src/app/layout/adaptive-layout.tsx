import { isLoggedIn } from '@/lib/storage';
import { AppLayout } from './app-layout';
import { PublicLayout } from './public-layout';

/** 404 and not-authorized are open to everyone: inside the shell when signed in. */
export const AdaptiveLayout = () => (isLoggedIn() ? <AppLayout /> : <PublicLayout />);
