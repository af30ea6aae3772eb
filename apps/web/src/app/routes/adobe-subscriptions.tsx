import { canBuyAdobe } from '@esd/shared/access/access.rules';
import { AdobeSubscriptionsPage } from '@/features/adobe/components/adobe-subscriptions-page';
import { useUser } from '@/features/profile/api/get-user';

export const Component = () => {
  const profile = useUser();
  // a profile that cannot be read does not hide the page: the server decides then
  const hasAdobeAccount = profile.data ? canBuyAdobe(profile.data) : profile.isError || undefined;
  return <AdobeSubscriptionsPage hasAdobeAccount={hasAdobeAccount} />;
};
