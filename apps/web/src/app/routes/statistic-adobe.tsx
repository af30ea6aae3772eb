import { canSeeAdobeSales } from '@esd/shared/access/access.rules';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useUser } from '@/features/profile/api/get-user';
import { AdobeStatisticsPage } from '@/features/statistics/components/adobe-statistics-page';

/**
 * The route guard lets the role in (all except user); a dealer without an Adobe account, whose
 * menu has no such link and whose requests the server refuses, is sent to "not authorized".
 */
export const Component = () => {
  const profile = useUser().data;
  if (profile && !canSeeAdobeSales(profile)) {
    return <Navigate to={paths.notAuthorized.getHref()} replace />;
  }
  return <AdobeStatisticsPage />;
};
