import { CreditPage } from '@/features/credit/components/credit-page';
import { getUserRole } from '@/lib/storage';

export const Component = () => <CreditPage isEndUser={getUserRole() === 'u'} />;
