import type { AdobeCustomerListItem, AdobeSubscription } from '@esd/shared/adobe/adobe.schemas';
import { formatDate } from '@esd/shared/format/format';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBrandAdobe, IconShoppingCartPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useAdobeCustomerList } from '../api/get-adobe-customers';
import { useAdobeSubscriptions } from '../api/get-adobe-subscriptions';
import { marketSegmentOf } from './adobe-purchase';
import { buyMoreHref, daysUntil } from './adobe-subscriptions';

// filled badges whose text has at least 4.5:1 contrast on them (as the order badges)
const stateColors: Record<AdobeSubscription['state'], { color: string; c: string }> = {
  active: { color: 'teal.9', c: 'white' },
  pending: { color: 'yellow.4', c: 'dark.9' },
  inactive: { color: 'gray.7', c: 'white' },
};

const COMMITMENT_STATUSES = ['COMMITTED', 'EXPIRED', 'REQUESTED', 'ACCEPTED', 'DECLINED'];

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box style={{ minWidth: 0 }}>
    <Text component="dt" size="xs" c="dimmed">
      {label}
    </Text>
    <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </Box>
);

const SubscriptionCard = ({
  subscription: s,
  customer,
}: {
  subscription: AdobeSubscription;
  customer: AdobeCustomerListItem;
}) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const title = s.product_title ?? s.offer_id;
  const days = daysUntil(s.renewal_date, new Date());
  const commitment = s.three_year_commitment;
  const commitmentStatus =
    commitment && COMMITMENT_STATUSES.includes(commitment.status)
      ? t(
          `adobe.subscriptions.commitmentStatus.${commitment.status}` as 'adobe.subscriptions.commitmentStatus.COMMITTED',
        )
      : commitment?.status;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      aria-label={t('adobe.subscriptions.subscriptionOf', { title })}
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {t('adobe.subscriptions.offer', { offer: s.offer_id })} · {s.subscription_id}
          </Text>
        </Stack>
        <Badge color={stateColors[s.state].color} c={stateColors[s.state].c}>
          {t(`adobe.subscriptions.state.${s.state}`)}
        </Badge>
      </Group>
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 4 }}
        spacing="xs"
        verticalSpacing={6}
        component="dl"
        m={0}
      >
        <Field label={t('adobe.subscriptions.quantity')}>{s.quantity}</Field>
        <Field label={t('adobe.subscriptions.renewalDate')}>
          {formatDate(s.renewal_date, lang)}
          {days !== null && days >= 0 && s.state === 'active' ? (
            // within 30 days it stands out; red.9 keeps 4.5:1 on white (orange.9 has 4.3:1)
            <Text
              span
              size="xs"
              c={days <= 30 ? 'red.9' : 'dimmed'}
              fw={days <= 30 ? 600 : undefined}
            >
              {' '}
              · {t('adobe.subscriptions.inDays', { count: days })}
            </Text>
          ) : null}
        </Field>
        <Field label={t('adobe.subscriptions.autoRenew')}>
          {s.auto_renew
            ? t('adobe.subscriptions.autoRenewOn', { count: s.renewal_quantity })
            : t('adobe.subscriptions.autoRenewOff')}
        </Field>
        <Field label={t('adobe.subscriptions.commitment')}>
          {commitment
            ? commitment.end_date
              ? t('adobe.subscriptions.commitmentUntil', {
                  status: commitmentStatus,
                  date: formatDate(commitment.end_date, lang),
                })
              : commitmentStatus
            : t('adobe.subscriptions.noCommitment')}
        </Field>
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        {s.product_id !== null ? (
          <Button
            component={Link}
            to={buyMoreHref(s.product_id, customer.id)}
            size="xs"
            variant="light"
            leftSection={<IconShoppingCartPlus size={16} aria-hidden />}
            aria-label={t('adobe.subscriptions.buyMoreLabel', {
              title,
              company: customer.company_name,
            })}
          >
            {t('adobe.subscriptions.buyMore')}
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {t('adobe.subscriptions.notSold')}
          </Text>
        )}
      </Group>
    </Paper>
  );
};

const CustomerSubscriptions = ({ customer }: { customer: AdobeCustomerListItem }) => {
  const { t } = useTranslation();
  const subscriptions = useAdobeSubscriptions(customer.id);
  if (subscriptions.isPending) return <Skeleton h={120} radius="md" aria-hidden />;
  if (subscriptions.isError) {
    return (
      <Alert color="red" title={t('adobe.subscriptions.error')}>
        {subscriptions.error.message}
        <Button
          display="block"
          mt="xs"
          size="xs"
          variant="white"
          onClick={() => void subscriptions.refetch()}
        >
          {t('actions.retry')}
        </Button>
      </Alert>
    );
  }
  if (subscriptions.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('adobe.subscriptions.none')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {subscriptions.data.map((subscription) => (
        <SubscriptionCard
          key={subscription.subscription_id}
          subscription={subscription}
          customer={customer}
        />
      ))}
    </Stack>
  );
};

const CustomerCard = ({ customer }: { customer: AdobeCustomerListItem }) => {
  const { t } = useTranslation();
  const segment = marketSegmentOf(customer);
  const headingId = `adobe-customer-${customer.id}`;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title id={headingId} order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {customer.company_name}
          </Title>
          <Text size="xs" c="dimmed">
            {t('adobe.subscriptions.customerId', { id: customer.customer.customerId })}
          </Text>
        </Stack>
        <Badge variant="light" color="indigo">
          {t(`adobe.segments.${segment}.name`)} ({segment})
        </Badge>
      </Group>
      <CustomerSubscriptions customer={customer} />
    </Paper>
  );
};

const NoAdobeAccount = () => {
  const { t } = useTranslation();
  return (
    <Alert color="blue" title={t('adobe.subscriptions.noAccountTitle')}>
      {t('adobe.subscriptions.noAccount')}
    </Alert>
  );
};

const CustomerList = () => {
  const { t } = useTranslation();
  const customers = useAdobeCustomerList();
  if (customers.isPending) {
    return (
      <Stack gap="md" aria-hidden>
        <Skeleton h={180} radius="lg" />
        <Skeleton h={180} radius="lg" />
      </Stack>
    );
  }
  if (customers.isError) {
    return (
      <LoadFailed
        title={t('adobe.panel.customersError')}
        onRetry={() => void customers.refetch()}
      />
    );
  }
  if (customers.data.length === 0) {
    return (
      <Paper radius="lg" p="xl" withBorder>
        <Stack align="center" ta="center" gap="sm" py="lg">
          <ThemeIcon variant="light" color="indigo" size={56} radius="xl" aria-hidden>
            <IconBrandAdobe size={30} />
          </ThemeIcon>
          <Title order={2} size="h4">
            {t('adobe.subscriptions.noCustomersTitle')}
          </Title>
          <Text c="dimmed" maw={460}>
            {t('adobe.subscriptions.noCustomers')}
          </Text>
          <Button component={Link} to={`${paths.products.getHref()}?q=Adobe`} variant="light">
            {t('adobe.subscriptions.toProducts')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      {customers.data.map((customer) => (
        <CustomerCard key={customer.id} customer={customer} />
      ))}
    </Stack>
  );
};

/**
 * The dealer's Adobe customers, each with its subscriptions as Adobe reports them; "Buy more"
 * opens the product's Adobe price request on that customer. Whether the dealer has an Adobe
 * account comes from its profile (passed by the app; undefined while it loads): one without is
 * told so instead of being refused the data.
 */
export const AdobeSubscriptionsPage = ({ hasAdobeAccount }: { hasAdobeAccount?: boolean }) => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('pages.adobeSubscriptions')}
        description={t('adobe.subscriptions.description')}
      />
      {hasAdobeAccount === undefined ? (
        <Skeleton h={180} radius="lg" aria-hidden />
      ) : hasAdobeAccount ? (
        <CustomerList />
      ) : (
        <NoAdobeAccount />
      )}
    </>
  );
};
