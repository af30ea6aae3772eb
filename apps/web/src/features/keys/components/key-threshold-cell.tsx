import { type KeyStock, lowStockThresholdSchema } from '@esd/shared/orders/orders.schemas';
import { ActionIcon, Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, notifySuccess } from '@/lib/notify';
import { useUpdateKeyThreshold } from '../api/update-key-threshold';
import { useFormatCount } from './use-format-count';

/** The editor in the popover: mounted afresh at each opening, so it starts from the saved value. */
const ThresholdEditor = ({ row, onDone }: { row: KeyStock; onDone: () => void }) => {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const update = useUpdateKeyThreshold();
  const [value, setValue] = useState<number | string>(row.low_stock_threshold);
  const parsed = lowStockThresholdSchema.safeParse(value);
  const save = () => {
    if (!parsed.success) return;
    update.mutate(
      { productId: row.product_id, low_stock_threshold: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(
            t('keys.threshold.saved', { sku: row.sku, count: formatCount(parsed.data) }),
          );
          onDone();
        },
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="xs">
        <NumberInput
          label={t('keys.threshold.label')}
          description={t('keys.threshold.hint')}
          value={value}
          onChange={setValue}
          min={0}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          error={
            parsed.success
              ? update.isError
                ? getErrorMessage(update.error)
                : null
              : t('keys.threshold.invalid')
          }
          data-autofocus
          w={240}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={update.isPending} disabled={!parsed.success}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** A product's low-stock threshold, changed in place from its row of Key stock. */
export const KeyThresholdCell = ({ row }: { row: KeyStock }) => {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const [opened, setOpened] = useState(false);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Text size="sm" data-testid="key-threshold">
        {formatCount(row.low_stock_threshold)}
      </Text>
      <Popover
        opened={opened}
        onChange={setOpened}
        trapFocus
        withArrow
        shadow="md"
        position="bottom-end"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={() => setOpened((open) => !open)}
            aria-label={t('keys.threshold.edit', { name: `${row.sku} — ${row.FullTitle}` })}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          {opened ? <ThresholdEditor row={row} onDone={() => setOpened(false)} /> : null}
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
};
