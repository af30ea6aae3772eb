import type { CheckoutPreview } from '@esd/shared/orders/orders.schemas';
import { Badge, Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAzn, formatUsd } from '@/lib/format-money';

type Lines = CheckoutPreview['lines'];

const OutOfStock = () => {
  const { t } = useTranslation();
  return (
    <Badge size="sm" color="yellow.4" c="dark.9" styles={{ label: { overflow: 'visible' } }}>
      {t('checkout.lines.outOfStock')}
    </Badge>
  );
};

const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

const LinesTable = ({ lines }: { lines: Lines }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Table.ScrollContainer
      minWidth={620}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('checkout.lines.caption')}
    >
      <Table
        verticalSpacing="sm"
        horizontalSpacing="md"
        captionSide="bottom"
        aria-label={t('checkout.lines.caption')}
      >
        <Table.Caption>{t('checkout.lines.note')}</Table.Caption>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th>{t('checkout.lines.sku')}</Table.Th>
            <Table.Th>{t('checkout.lines.title')}</Table.Th>
            <Table.Th style={right}>{t('checkout.lines.quantity')}</Table.Th>
            <Table.Th style={right}>{t('checkout.lines.unitUsd')}</Table.Th>
            <Table.Th style={right}>{t('checkout.lines.totalUsd')}</Table.Th>
            <Table.Th style={right}>{t('checkout.lines.totalAzn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={tabular}>
          {lines.map((line) => (
            <Table.Tr key={line.basket_item_id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" ff="monospace">
                  {line.sku}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {line.FullTitle}
                </Text>
                {line.in_stock ? null : <OutOfStock />}
              </Table.Td>
              <Table.Td style={right}>{line.quantity}</Table.Td>
              <Table.Td style={right}>{formatUsd(line.unit_usd, lang)}</Table.Td>
              <Table.Td style={right}>{formatUsd(line.total_usd, lang)}</Table.Td>
              <Table.Td style={right}>{formatAzn(line.total_azn, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** Phones: one card per line instead of a table scrolled sideways. */
const LinesList = ({ lines }: { lines: Lines }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Stack gap={0}>
      <Stack
        component="ul"
        gap={0}
        aria-label={t('checkout.lines.caption')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {lines.map((line) => (
          <Box
            component="li"
            key={line.basket_item_id}
            p="md"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Text size="sm" fw={600}>
              {line.FullTitle}
            </Text>
            <Group gap="xs" mt={2}>
              <Text size="xs" c="dimmed" ff="monospace">
                {line.sku}
              </Text>
              {line.in_stock ? null : <OutOfStock />}
            </Group>
            <Group justify="space-between" align="flex-end" mt="xs" wrap="nowrap" style={tabular}>
              <Text size="sm">
                {line.quantity} × {formatUsd(line.unit_usd, lang)}
              </Text>
              <Stack gap={0} align="flex-end">
                <Text size="sm" fw={700}>
                  {formatUsd(line.total_usd, lang)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatAzn(line.total_azn, lang)}
                </Text>
              </Stack>
            </Group>
          </Box>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" p="md">
        {t('checkout.lines.note')}
      </Text>
    </Stack>
  );
};

/** The lines to be ordered, priced now for the chosen way of paying. */
export const CheckoutLines = ({ lines }: { lines: Lines }) => (
  <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
    <Box visibleFrom="sm">
      <LinesTable lines={lines} />
    </Box>
    <Box hiddenFrom="sm">
      <LinesList lines={lines} />
    </Box>
  </Paper>
);

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
