import '@mantine/dates/styles.css';
import 'dayjs/locale/az';
import 'dayjs/locale/ru';
import { dateInputFormat } from '@esd/shared/format/format';
import { rangeProblem } from '@esd/shared/statistics/sales-statistics.schemas';
import { bakuToday } from '@esd/shared/statistics/statistics.dates';
import { Group, Select } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateRange } from '../api/sales-statistics';
import { presetOf, presetRange, RANGE_PRESETS, type RangePreset } from './sales-range';

type RangeFilterProps = { value: DateRange; onChange: (range: DateRange) => void };

/**
 * The date range of a statistics page: a preset (4 or 12 weeks, this quarter, this year, 12
 * months) or any two days up to today; a range over three years is refused with a message.
 */
export const RangeFilter = ({ value, onChange }: RangeFilterProps) => {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<[string | null, string | null]>([
    value.date_from,
    value.date_to,
  ]);
  const [error, setError] = useState<string | null>(null);
  const today = bakuToday();
  const preset = presetOf(value, today);

  const apply = (next: [string | null, string | null]) => {
    setDraft(next);
    const [from, to] = next;
    if (!from || !to) return;
    if (rangeProblem(from, to)) {
      setError(t('statistics.sales.range.tooLong'));
      return;
    }
    setError(null);
    onChange({ date_from: from, date_to: to });
  };

  return (
    <DatesProvider settings={{ locale: i18n.language }}>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Select
          label={t('statistics.sales.range.preset')}
          w={{ base: '100%', xs: 180 }}
          data={RANGE_PRESETS.map((p) => ({ value: p, label: t(`statistics.sales.range.${p}`) }))}
          value={preset ?? null}
          placeholder={t('statistics.sales.range.custom')}
          allowDeselect={false}
          onChange={(next) => {
            if (!next) return;
            const range = presetRange(next as RangePreset, today);
            setError(null);
            setDraft([range.date_from, range.date_to]);
            onChange(range);
          }}
        />
        <DatePickerInput
          type="range"
          label={t('statistics.sales.range.dates')}
          w={{ base: '100%', xs: 250 }}
          valueFormat={dateInputFormat(i18n.language)}
          leftSection={<IconCalendar size={16} aria-hidden />}
          maxDate={today}
          allowSingleDateInRange
          value={draft}
          error={error}
          popoverProps={{ withinPortal: true }}
          onChange={(next) => apply([next[0] ?? null, next[1] ?? null])}
        />
      </Group>
    </DatesProvider>
  );
};
