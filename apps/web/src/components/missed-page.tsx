import { Button } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { StatusPage } from './status-page';

type MissedPageProps = {
  /** which page: its code, title and line are `misc.<kind>.*` and `pages.<kind>` */
  kind: 'notFound' | 'notAuthorized';
  /** buttons before "Go home" (not authorized: "Go back") */
  before?: ReactNode;
};

/** The 404 and not-authorized pages: a code, a title, a line, and the way home. */
export const MissedPage = ({ kind, before }: MissedPageProps) => {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={t(`misc.${kind}.code`)}
      title={t(`pages.${kind}`)}
      description={t(`misc.${kind}.description`)}
      actions={
        <>
          {before}
          <Button
            component={Link}
            to={paths.home.getHref()}
            leftSection={<IconHome size={18} aria-hidden />}
          >
            {t('actions.goHome')}
          </Button>
        </>
      }
    />
  );
};
