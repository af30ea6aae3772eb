import { type PrizeClaimInput, prizeClaimInputSchema } from '@esd/shared/events/events.schemas';
import { formatNumber } from '@esd/shared/format/format';
import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import { isApiError } from '@/lib/api-error';
import { schemaErrors } from '@/lib/schema-errors';

type ClaimPrizeModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  pointsNeeded: number;
  /** the dealer's points to spend now */
  balance: number;
  saving: boolean;
  /** the server's refusal of the last attempt, if any */
  error: unknown;
  onConfirm: (input: PrizeClaimInput) => void;
};

const empty: PrizeClaimInput = { contact_name: '', phone: '', address: '' };

/** The fields the server named in a VALIDATION_FAILED answer (`body/phone` → `phone`). */
const fieldsNamedBy = (error: unknown): (keyof PrizeClaimInput)[] => {
  if (!isApiError(error) || error.errorName !== 'VALIDATION_FAILED') return [];
  const issues = (error.data as { issues?: { path?: string }[] } | undefined)?.issues ?? [];
  return issues
    .map((issue) => issue.path?.replace(/^body\/?/, '').split('/')[0])
    .filter((field): field is keyof PrizeClaimInput => !!field && field in empty);
};

/**
 * Confirms a claim before any point is spent: the prize, its cost and the balance left after,
 * and where the prize goes (contact person, phone with its country code, address).
 */
export const ClaimPrizeModal = ({
  opened,
  onClose,
  title,
  pointsNeeded,
  balance,
  saving,
  error,
  onConfirm,
}: ClaimPrizeModalProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const form = useForm<PrizeClaimInput>({
    initialValues: empty,
    validate: (values) =>
      schemaErrors(prizeClaimInputSchema, values, { phone: t('events.claim.phoneRule') }),
  });

  // the contact details stay for the next claim; the last attempt's errors do not
  const close = () => {
    form.clearErrors();
    onClose();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer sets the errors
  useEffect(() => {
    for (const field of fieldsNamedBy(error)) {
      form.setFieldError(
        field,
        field === 'phone' ? t('events.claim.phoneRule') : t('validation.invalid'),
      );
    }
  }, [error]);

  const points = (count: number) =>
    t('events.claim.points', { count, points: formatNumber(count, lang) });
  const summary = [
    { label: t('events.claim.cost'), value: points(pointsNeeded) },
    { label: t('events.claim.balance'), value: points(balance) },
    { label: t('events.claim.after'), value: points(balance - pointsNeeded) },
  ];

  return (
    <DialogModal
      opened={opened}
      onClose={close}
      title={t('events.claim.title', { title })}
      size="lg"
    >
      <form
        onSubmit={form.onSubmit((values) => onConfirm(prizeClaimInputSchema.parse(values)))}
        noValidate
      >
        <Stack gap="md">
          <SimpleGrid cols={3} spacing="xs" component="dl" m={0}>
            {summary.map((row) => (
              <Stack key={row.label} gap={0}>
                <Text component="dt" size="xs" c="dimmed">
                  {row.label}
                </Text>
                <Text component="dd" m={0} fw={700} style={tabular}>
                  {row.value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('events.claim.spendNote')}
          </Text>
          <Stack gap="sm" component="fieldset" style={fieldset}>
            <Title order={3} size="h6" component="legend" style={legend}>
              {t('events.claim.deliveryHeading')}
            </Title>
            <TextInput
              label={t('events.claim.contactName')}
              required
              maxLength={120}
              autoComplete="name"
              data-autofocus
              {...form.getInputProps('contact_name')}
            />
            <TextInput
              label={t('events.claim.phone')}
              description={t('events.claim.phoneHint')}
              required
              type="tel"
              maxLength={30}
              autoComplete="tel"
              {...form.getInputProps('phone')}
            />
            <Textarea
              label={t('events.claim.address')}
              description={t('events.claim.addressHint')}
              required
              maxLength={500}
              autosize
              minRows={2}
              autoComplete="street-address"
              {...form.getInputProps('address')}
            />
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('events.claim.confirm', {
                count: pointsNeeded,
                points: formatNumber(pointsNeeded, lang),
              })}
            </Button>
          </Group>
        </Stack>
      </form>
    </DialogModal>
  );
};

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
const fieldset = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;
const legend = { padding: 0, marginBottom: 'var(--mantine-spacing-xs)' } as const;
