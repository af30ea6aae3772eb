import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's Pagination, small with first/last links, whose arrow controls have localized names. */
export const PageLinks = (props: Omit<PaginationProps, 'getControlProps'>) => {
  const { t } = useTranslation();
  return (
    <Pagination
      size="sm"
      withEdges
      getControlProps={(control) => ({
        'aria-label': {
          first: t('actions.firstPage'),
          previous: t('actions.previousPage'),
          next: t('actions.nextPage'),
          last: t('actions.lastPage'),
        }[control],
      })}
      {...props}
    />
  );
};
