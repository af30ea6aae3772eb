import { bakuToday, defaultRange } from '@esd/shared/statistics/statistics.dates';
import {
  Anchor,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  Skeleton,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconChevronDown, IconTrophy } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { getUserRole } from '@/lib/storage';
import { useTopProducts } from '../api/sales-statistics';
import classes from './dashboard-top-products.module.css';
import { TopProductsTable, useBestSellerFigures } from './top-products-block';

/** Whether the orders page shows its top 5 list; remembered per browser, collapsed at first. */
const OPEN_KEY = 'ordersTopProductsOpen';

/**
 * The orders page's dashboard block (gd, ld, d): one slim row with the best seller of the last
 * 12 weeks in the viewer's scope and a "Top 5" toggle that opens the list, plus a link to the
 * statistics page the role may open. The statistics pages show the full block.
 */
const DashboardTopProducts = () => {
  const { t } = useTranslation();
  const figures = useBestSellerFigures();
  const listId = useId();
  const [open, setOpen] = useLocalStorage<boolean>({
    key: OPEN_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  // the folded list is built when first unfolded, not with the orders page (issue 35)
  const [wasOpen, setWasOpen] = useState(open);
  if (open && !wasOpen) setWasOpen(true);
  const role = getUserRole();
  const more = role === 'd' ? paths.statisticQuarter.getHref() : paths.statisticWeekly.getHref();
  const top = useTopProducts(defaultRange(bakuToday()));
  const best = top.data?.best_seller ?? null;

  return (
    <Paper
      className={classes.frame}
      radius="lg"
      px="md"
      py="xs"
      withBorder
      component="section"
      aria-label={t('statistics.sales.top.title')}
    >
      <Group justify="space-between" gap="xs" wrap="wrap" mih={40}>
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 260px' }}>
          <ThemeIcon color="yellow" variant="light" radius="xl" size={32} aria-hidden>
            <IconTrophy size={18} />
          </ThemeIcon>
          {top.data ? (
            best ? (
              <Text size="sm" lineClamp={3} style={{ minWidth: 0 }}>
                <Text span size="xs" c="dimmed" fw={600} tt="uppercase" mr={6}>
                  {t('statistics.sales.top.bestSeller')}
                </Text>
                <Text span fw={700}>
                  {best.title}
                </Text>
                <Text span c="dimmed">
                  {' · '}
                  {figures(best)}
                </Text>
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {t('statistics.sales.top.empty')}
              </Text>
            )
          ) : top.isError ? (
            <Text c="red" size="sm">
              {t('statistics.sales.error')}
            </Text>
          ) : (
            <Skeleton h={20} w={260} maw="100%" aria-hidden />
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {best ? (
            <Button
              variant="subtle"
              size="compact-sm"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpen(!open)}
              rightSection={
                <IconChevronDown
                  size={16}
                  aria-hidden
                  style={{
                    transform: open ? 'rotate(180deg)' : undefined,
                    transition: 'transform 150ms',
                  }}
                />
              }
            >
              {t('statistics.sales.top.toggle')}
            </Button>
          ) : null}
          <Anchor component={Link} to={more} size="sm">
            {t('statistics.sales.top.more')}
          </Anchor>
        </Group>
      </Group>
      {top.data && best ? (
        <Collapse expanded={open}>
          <Box id={listId} pt="xs" pb={4}>
            {wasOpen ? <TopProductsTable data={top.data} compact /> : null}
          </Box>
        </Collapse>
      ) : null}
    </Paper>
  );
};

export default DashboardTopProducts;
