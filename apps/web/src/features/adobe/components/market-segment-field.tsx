import { MARKET_SEGMENTS } from '@esd/shared/adobe/adobe.rules';
import { Radio, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type MarketSegmentFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
};

/** Adobe's market segments, each with what it means (it decides the customer's price list). */
export const MarketSegmentField = ({ value, onChange, error }: MarketSegmentFieldProps) => {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('adobe.customerForm.marketSegment')}
      description={t('adobe.customerForm.marketSegmentHint')}
      required
      value={value || null}
      onChange={onChange}
      error={error}
    >
      <Stack gap="xs" mt="xs">
        {MARKET_SEGMENTS.map((segment) => (
          <Radio
            key={segment}
            value={segment}
            label={`${t(`adobe.segments.${segment}.name`)} (${segment})`}
            description={t(`adobe.segments.${segment}.description`)}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
};
