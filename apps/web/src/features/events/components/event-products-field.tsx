import { ActionIcon, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductOptions } from '../api/event-settings';
import { useContentLanguage } from './use-content-language';

export type EventProductLine = { product_id: number; points: number | ''; label: string };

type EventProductsFieldProps = {
  value: EventProductLine[];
  onChange: (lines: EventProductLine[]) => void;
  error?: string;
  /** errors of single lines, by index */
  lineErrors: Record<number, string | undefined>;
};

/** The products that count in an event, each with the points one unit earns. */
export const EventProductsField = ({
  value,
  onChange,
  error,
  lineErrors,
}: EventProductsFieldProps) => {
  const { t } = useTranslation();
  const lang = useContentLanguage();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const options = useProductOptions(q);
  const chosen = new Set(value.map((l) => l.product_id));
  const data = (options.data?.items ?? [])
    .filter((p) => !chosen.has(p.id))
    .map((p) => ({ value: String(p.id), label: `${p.sku} — ${p.title[lang]}` }));

  return (
    <Stack gap="xs">
      <Select
        label={t('events.settings.events.form.products')}
        description={t('events.settings.events.form.productsHint')}
        placeholder={t('events.settings.events.form.productSearch')}
        searchable
        clearable
        data={data}
        searchValue={search}
        onSearchChange={setSearch}
        value={null}
        onChange={(id, option) => {
          if (!id) return;
          onChange([...value, { product_id: Number(id), points: 10, label: option.label }]);
          setSearch('');
        }}
        nothingFoundMessage={t('events.settings.events.form.noProductFound')}
        error={error}
        required
      />
      {value.length === 0 ? (
        error ? null : (
          <Text size="sm" c="dimmed">
            {t('events.settings.events.form.noProducts')}
          </Text>
        )
      ) : (
        <Stack gap={6}>
          {value.map((line, index) => (
            <Paper key={line.product_id} withBorder radius="md" p="xs">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Text size="sm" style={{ flex: 1, minWidth: 0 }} pt={6}>
                  {line.label}
                </Text>
                <NumberInput
                  aria-label={t('events.settings.events.form.pointsFor', { product: line.label })}
                  placeholder={t('events.settings.events.form.points')}
                  w={110}
                  min={1}
                  max={100000}
                  allowDecimal={false}
                  allowNegative={false}
                  value={line.points}
                  error={lineErrors[index]}
                  onChange={(points) =>
                    onChange(
                      value.map((l, i) =>
                        i === index
                          ? { ...l, points: typeof points === 'number' ? points : '' }
                          : l,
                      ),
                    )
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="lg"
                  aria-label={t('events.settings.events.form.remove', { product: line.label })}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
};
