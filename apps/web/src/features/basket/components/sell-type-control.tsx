import type { SellType } from '@esd/shared/shop/pricing.rules';
import { Group, SegmentedControl, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { sellTypeKey } from './sell-type';

type SellTypeControlProps = {
  allowed: readonly SellType[];
  value: SellType;
  onChange: (value: SellType) => void;
};

/** "Pay by: Cash / Credit" for shoppers allowed both; the choice is remembered. */
export const SellTypeControl = ({ allowed, value, onChange }: SellTypeControlProps) => {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Group gap="xs" wrap="nowrap">
      <Text id={labelId} size="sm" fw={500}>
        {t('basket.sellType.label')}
      </Text>
      <SegmentedControl<SellType>
        aria-labelledby={labelId}
        data={allowed.map((type) => ({
          value: type,
          label: t(`basket.sellType.${sellTypeKey(type)}`),
        }))}
        value={value}
        onChange={onChange}
        size="sm"
      />
    </Group>
  );
};
