import '@mantine/dates/styles.css';
import 'dayjs/locale/az';
import 'dayjs/locale/ru';
import { dateInputFormat } from '@esd/shared/format/format';
import { ORDER_DISPLAY_STATUSES } from '@esd/shared/orders/orders.rules';
import {
  Box,
  Button,
  Checkbox,
  Collapse,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  TextInput,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCalendar,
  IconChevronDown,
  IconChevronUp,
  IconFilter,
  IconX,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OrderFilters, parseOrderFilters, toExportQuery } from './order-filters';

type OrdersFiltersProps = {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
  /** admins may list only the orders still waiting for keys */
  canFilterWaiting: boolean;
};

/**
 * Spec 2's filters (id, SKU, product name, dates, status) and the order type. Text fields
 * apply on Enter or "Apply"; lists, dates and the checkbox apply at once. The parent keys this
 * form by the URL, so it starts again from the URL whenever that changes.
 */
export const OrdersFilters = ({ filters, onChange, canFilterWaiting }: OrdersFiltersProps) => {
  const { t, i18n } = useTranslation();
  // read at the first render, not in an effect after it: on a phone the form would show open,
  // then fold, and push the list up (Lighthouse's layout shift, issue 35)
  const isPhone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const activeCount = Object.values(toExportQuery(filters)).filter((v) => v !== undefined).length;
  const [opened, setOpened] = useState(activeCount > 0);
  // a phone's folded form (date pickers and all) is built on its first unfolding, not with the
  // page (issue 35); once built it stays, so folding it again animates
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened && !wasOpened) setWasOpened(true);
  const [draft, setDraft] = useState({
    id: filters.id ? String(filters.id) : '',
    sku: filters.sku ?? '',
    product: filters.product ?? '',
  });

  // the typed text goes through the same reading as the URL (an unreadable id is dropped)
  const withText = (change: Partial<OrderFilters>): OrderFilters => {
    const text = parseOrderFilters(new URLSearchParams(draft));
    return { ...filters, id: text.id, sku: text.sku, product: text.product, ...change, page: 1 };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(withText({}));
  };

  const dateProps = {
    valueFormat: dateInputFormat(i18n.language),
    clearable: true,
    clearButtonProps: { 'aria-label': t('orders.filters.clearDate') },
    leftSection: <IconCalendar size={16} aria-hidden />,
    popoverProps: { withinPortal: true },
  } as const;

  const form = (
    <form onSubmit={submit} aria-label={t('orders.filters.label')}>
      <DatesProvider settings={{ locale: i18n.language }}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={t('orders.filters.id')}
            inputMode="numeric"
            value={draft.id}
            onChange={(event) => {
              const value = event.currentTarget.value.replace(/\D/g, '');
              setDraft((d) => ({ ...d, id: value }));
            }}
          />
          <TextInput
            label={t('orders.filters.sku')}
            value={draft.sku}
            maxLength={64}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((d) => ({ ...d, sku: value }));
            }}
          />
          <TextInput
            label={t('orders.filters.product')}
            value={draft.product}
            maxLength={100}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((d) => ({ ...d, product: value }));
            }}
          />
          {/* the browser's own selects, "Any" first (issue 35): Mantine's Combobox stays out
              of the order list's first load */}
          <NativeSelect
            label={t('orders.filters.status')}
            data={[
              { value: '', label: t('orders.filters.any') },
              ...ORDER_DISPLAY_STATUSES.map((status) => ({
                value: status,
                label: t(`orders.status.${status}`),
              })),
            ]}
            value={filters.status ?? ''}
            onChange={(event) => {
              const { value } = event.currentTarget;
              onChange(withText({ status: ORDER_DISPLAY_STATUSES.find((s) => s === value) }));
            }}
          />
          <DatePickerInput
            {...dateProps}
            label={t('orders.filters.dateFrom')}
            value={filters.dateFrom ?? null}
            maxDate={filters.dateTo}
            onChange={(value) => onChange(withText({ dateFrom: value ?? undefined }))}
          />
          <DatePickerInput
            {...dateProps}
            label={t('orders.filters.dateTo')}
            value={filters.dateTo ?? null}
            minDate={filters.dateFrom}
            onChange={(value) => onChange(withText({ dateTo: value ?? undefined }))}
          />
          <NativeSelect
            label={t('orders.filters.type')}
            data={[
              { value: '', label: t('orders.filters.any') },
              { value: '1', label: t('orders.type.cash') },
              { value: '2', label: t('orders.type.credit') },
            ]}
            value={filters.sellType ? String(filters.sellType) : ''}
            onChange={(event) => {
              const { value } = event.currentTarget;
              onChange(withText({ sellType: value === '2' ? 2 : value === '1' ? 1 : undefined }));
            }}
          />
        </SimpleGrid>
        <Group justify="space-between" gap="sm" mt="sm">
          {canFilterWaiting ? (
            <Checkbox
              label={t('orders.filters.waiting')}
              checked={filters.waiting ?? false}
              onChange={(event) =>
                onChange(withText({ waiting: event.currentTarget.checked || undefined }))
              }
            />
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
              {t('orders.filters.apply')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => onChange({ page: 1 })}
            >
              {t('orders.filters.reset')}
            </Button>
          </Group>
        </Group>
      </DatesProvider>
    </form>
  );

  return (
    <Paper radius="lg" p="md" mb="md">
      {isPhone ? (
        <>
          <Button
            variant="subtle"
            fullWidth
            justify="space-between"
            rightSection={
              opened ? (
                <IconChevronUp size={16} aria-hidden />
              ) : (
                <IconChevronDown size={16} aria-hidden />
              )
            }
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
          >
            {opened ? t('orders.filters.hide') : t('orders.filters.show', { count: activeCount })}
          </Button>
          <Collapse expanded={opened}>
            <Box pt="sm">{wasOpened ? form : null}</Box>
          </Collapse>
        </>
      ) : (
        form
      )}
    </Paper>
  );
};
