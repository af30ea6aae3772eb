import { roleFromTypeId } from '@esd/shared/access/access.rules';
import type { UserProfile } from '@esd/shared/auth/auth.schemas';
import { formatUsd } from '@esd/shared/format/format';
import { Avatar, Badge, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmailAddress } from '@/components/email-address';

type Row = { label: string; value: string };

export const ProfileSummary = ({ user }: { user: UserProfile }) => {
  const { t, i18n } = useTranslation();
  const role = roleFromTypeId(user.type_id);
  const rows: Row[] = [
    ...(role ? [{ label: t('profile.summary.role'), value: t(`roles.${role}`) }] : []),
    ...(role === 'd'
      ? [{ label: t('profile.summary.creditLimit'), value: formatUsd(user.limit, i18n.language) }]
      : []),
    {
      label: t('profile.summary.signedInWith'),
      value:
        user.auth_provider === 'oidc'
          ? t('profile.summary.providerOidc')
          : t('profile.summary.providerPassword'),
    },
  ];
  const badges = [
    user.need_azn_cash && t('profile.summary.aznCash'),
    user.need_azn_credit && t('profile.summary.aznCredit'),
    user.has_adobe_account && t('profile.summary.adobeAccount'),
  ].filter((badge): badge is string => Boolean(badge));

  return (
    <Paper p="lg" radius="lg">
      <Title order={2} size="h4" mb="md">
        {t('profile.summary.heading')}
      </Title>
      <Stack align="center" gap={4} ta="center">
        <Avatar
          src={user.photo_url}
          name={user.name}
          color="initials"
          size={96}
          radius={96}
          alt=""
        />
        <Text fw={700} fz="lg" mt="xs" style={{ wordBreak: 'break-word' }}>
          {user.name}
        </Text>
        <EmailAddress c="dimmed" size="sm" email={user.email} />
      </Stack>
      <Divider my="md" />
      <Stack gap="xs" component="dl" m={0}>
        {rows.map((row) => (
          <Group key={row.label} justify="space-between" gap="xs" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {row.label}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0} ta="right">
              {row.value}
            </Text>
          </Group>
        ))}
      </Stack>
      {badges.length > 0 ? (
        <Group gap={6} mt="md">
          {badges.map((badge) => (
            <Badge key={badge} variant="light" color="indigo" tt="none">
              {badge}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Paper>
  );
};
