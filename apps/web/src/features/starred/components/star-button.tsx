import { STARRED_PAGES_MAX } from '@esd/shared/constants';
import { ActionIcon } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStarredPages } from '../api/get-starred';
import { useUpdateStarredPages } from '../api/update-starred';

type StarButtonProps = {
  /** the page on screen; the button is hidden on pages that cannot be starred */
  page: { path: string; title: string } | undefined;
};

/** Stars or unstars the current page; at most STARRED_PAGES_MAX, kept per user by the server. */
export const StarButton = ({ page }: StarButtonProps) => {
  const { t } = useTranslation();
  const starred = useStarredPages();
  const update = useUpdateStarredPages();
  if (!page || !starred.data) return null;

  const list = starred.data;
  const isStarred = list.some((item) => item.path === page.path);
  const isFull = !isStarred && list.length >= STARRED_PAGES_MAX;
  const label = isStarred ? t('starred.button.unstar') : t('starred.button.star');

  const toggle = () => {
    const next = isStarred
      ? list.filter((item) => item.path !== page.path)
      : [...list, { path: page.path, title: page.title.slice(0, 120) }];
    update.mutate(next);
  };

  return (
    // a native title, not Mantine's Tooltip: this button is on every page's first load
    <ActionIcon
      title={isFull ? t('starred.button.limit', { max: STARRED_PAGES_MAX }) : label}
      variant="subtle"
      color={isStarred ? 'yellow.8' : 'gray.7'}
      size="lg"
      aria-label={label}
      // data-disabled rather than disabled: the tooltip explaining the limit still shows
      data-disabled={isFull || undefined}
      aria-disabled={isFull || undefined}
      loading={update.isPending}
      onClick={isFull ? undefined : toggle}
    >
      {isStarred ? <IconStarFilled size={20} aria-hidden /> : <IconStar size={20} aria-hidden />}
    </ActionIcon>
  );
};
