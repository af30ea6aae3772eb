import { formatDate, formatDateTime } from '@esd/shared/format/format';
import type { PartnerApplication } from '@esd/shared/partners/partners.schemas';
import { Button, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed';
import { SideDrawer } from '@/components/side-drawer';
import { usePartnerApplication } from '../api/get-partner-application';
import type en from '../locales/en.json';
import { ApprovePartnerModal } from './approve-partner-modal';
import { PartnerStatusBadge } from './partner-status-badge';
import { RejectPartnerModal } from './reject-partner-modal';

type DrawerProps = { id: number | undefined; onClose: () => void };

/** One application in full, with Approve and Reject while it waits. */
export const PartnerApplicationDrawer = ({ id, onClose }: DrawerProps) => {
  const { t } = useTranslation();
  const application = usePartnerApplication(id);
  return (
    <SideDrawer
      opened={id !== undefined}
      onClose={onClose}
      width={640}
      title={id ? t('partners.review.drawer.title', { id }) : null}
    >
      {application.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : application.isError ? (
        <LoadFailed
          title={t('partners.review.drawer.loadError')}
          onRetry={() => void application.refetch()}
        />
      ) : (
        <PartnerApplicationDetail application={application.data} />
      )}
    </SideDrawer>
  );
};

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <Text size="xs" c="dimmed" fw={500} component="dt">
      {label}
    </Text>
    <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
      {children || '—'}
    </Text>
  </div>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="xs">
    <Title order={3} size="h5">
      {title}
    </Title>
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
      {children}
    </SimpleGrid>
  </Stack>
);

const PartnerApplicationDetail = ({ application: a }: { application: PartnerApplication }) => {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const f = (key: keyof (typeof en)['apply']['fields']) => t(`partners.apply.fields.${key}`);
  const d = (key: keyof (typeof en)['review']['drawer']) => t(`partners.review.drawer.${key}`);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Text fw={700} size="lg">
            {a.company_name}
          </Text>
          <Text size="sm" c="dimmed">
            {d('submittedAt')}: {formatDateTime(a.created_at, i18n.language)}
          </Text>
        </Stack>
        <PartnerStatusBadge status={a.status} size="lg" />
      </Group>
      {a.status === 'pending' ? (
        <Group gap="sm">
          <Button
            leftSection={<IconCheck size={18} aria-hidden />}
            color="teal.9"
            onClick={() => setDialog('approve')}
          >
            {t('partners.review.approve.button')}
          </Button>
          <Button
            leftSection={<IconX size={18} aria-hidden />}
            color="red.8"
            variant="outline"
            onClick={() => setDialog('reject')}
          >
            {t('partners.review.reject.button')}
          </Button>
        </Group>
      ) : null}
      <Section title={d('company')}>
        <Field label={f('companyName')}>{a.company_name}</Field>
        <Field label={f('voen')}>{a.voen}</Field>
        <Field label={f('contractNumber')}>{a.contract_number}</Field>
        <Field label={f('contractStartDate')}>
          {formatDate(a.contract_start_date, i18n.language)}
        </Field>
        <Field label={f('mpnId')}>{a.mpn_id}</Field>
      </Section>
      <Section title={d('contact')}>
        <Field label={f('fullName')}>{a.full_name}</Field>
        <Field label={f('position')}>{a.position}</Field>
        <Field label={f('email')}>{a.email}</Field>
        <Field label={f('finCode')}>{a.fin_code}</Field>
        <Field label={f('phone')}>{a.phone}</Field>
        <Field label={f('contactNumber')}>{a.contact_number}</Field>
        <Field label={d('language')}>{t(`partners.languages.${a.lang}`)}</Field>
      </Section>
      <Section title={d('address')}>
        <Field label={f('country')}>{a.country.name}</Field>
        <Field label={f('region')}>{a.region}</Field>
        <Field label={f('city')}>{a.city}</Field>
        <Field label={f('postalCode')}>{a.postal_code}</Field>
        <Field label={f('addressLine1')}>{a.address_line1}</Field>
        <Field label={f('addressLine2')}>{a.address_line2}</Field>
      </Section>
      <Section title={d('decision')}>
        <Field label={t('partners.review.table.status')}>{t(`partners.status.${a.status}`)}</Field>
        {a.status === 'pending' ? (
          <Field label={d('reviewedAt')}>{d('pendingNote')}</Field>
        ) : (
          <>
            <Field label={d('reviewedBy')}>{a.reviewed_by?.name}</Field>
            <Field label={d('reviewedAt')}>
              {a.reviewed_at ? formatDateTime(a.reviewed_at, i18n.language) : ''}
            </Field>
          </>
        )}
        {a.user_id ? (
          <Field label={d('account')}>
            {t('partners.review.drawer.accountId', { id: a.user_id })}
          </Field>
        ) : null}
        {a.reject_reason ? <Field label={d('rejectReason')}>{a.reject_reason}</Field> : null}
      </Section>
      <ApprovePartnerModal
        application={dialog === 'approve' ? a : null}
        onClose={() => setDialog(null)}
      />
      <RejectPartnerModal
        application={dialog === 'reject' ? a : null}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
};
