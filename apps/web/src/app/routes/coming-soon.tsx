import { ComingSoon } from '@/components/coming-soon';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { usePageTitle } from '../layout/use-page-meta';

/** Every page of a later issue: its real title and breadcrumb, a "coming soon" body. */
export const Component = () => {
  const title = usePageTitle();
  return (
    <>
      <PageHeader title={title} />
      <ComingSoon actionHref={paths.products.getHref()} />
    </>
  );
};
