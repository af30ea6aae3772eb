import { formatAzn, formatUsd } from '@esd/shared/format/format';
import type { CheckoutPreview } from '@esd/shared/orders/orders.schemas';
import { Badge, Box, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SM_UP } from '@/lib/media-queries';

type Lines = CheckoutPreview['lines'];
type Line = Lines[number];

/** What the basket lets the shopper change on a line here, composed in by the app. */
export type LineControls = {
  quantity: (line: Line) => ReactNode;
  remove: (line: Line) => ReactNode;
};

const OutOfStock = () => {
  const { t } = useTranslation();
  return (
    <Badge size="sm" color="yellow.4" c="dark.9" styles={{ label: { overflow: 'visible' } }}>
      {t('checkout.lines.outOfStock')}
    </Badge>
  );
};

/** An Adobe line: the customer it is bought for and its commitment, as quoted. */
const AdobeDetails = ({ adobe }: { adobe: Line['adobe'] }) => {
  const { t } = useTranslation();
  if (!adobe) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('checkout.lines.adobeCustomer', { name: adobe.company_name })} ·{' '}
      {t(
        adobe.three_year_commitment
          ? 'checkout.lines.adobeCommitment'
          : 'checkout.lines.adobeNoCommitment',
      )}
    </Text>
  );
};

/** The SKU ordered: for an Adobe line the one Adobe quoted (its level), not the base one. */
const skuOf = (line: Line) => line.adobe?.sku ?? line.sku;

const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

const LinesTable = ({ lines, controls }: { lines: Lines; controls?: LineControls }) => {
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
            {controls ? (
              <Table.Th w={1}>
                <VisuallyHidden>{t('checkout.lines.remove')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={tabular}>
          {lines.map((line) => (
            <Table.Tr key={line.basket_item_id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" ff="monospace">
                  {skuOf(line)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {line.FullTitle}
                </Text>
                <AdobeDetails adobe={line.adobe} />
                {line.in_stock ? null : <OutOfStock />}
              </Table.Td>
              <Table.Td style={right}>
                {controls ? (
                  <Group justify="flex-end">{controls.quantity(line)}</Group>
                ) : (
                  line.quantity
                )}
              </Table.Td>
              <Table.Td style={right}>{formatUsd(line.unit_usd, lang)}</Table.Td>
              <Table.Td style={right}>{formatUsd(line.total_usd, lang)}</Table.Td>
              <Table.Td style={right}>{formatAzn(line.total_azn, lang)}</Table.Td>
              {controls ? <Table.Td>{controls.remove(line)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** Phones: one card per line instead of a table scrolled sideways. */
const LinesList = ({ lines, controls }: { lines: Lines; controls?: LineControls }) => {
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
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {line.FullTitle}
              </Text>
              {controls?.remove(line)}
            </Group>
            <Group gap="xs" mt={2}>
              <Text size="xs" c="dimmed" ff="monospace">
                {skuOf(line)}
              </Text>
              {line.in_stock ? null : <OutOfStock />}
            </Group>
            <AdobeDetails adobe={line.adobe} />
            <Group justify="space-between" align="flex-end" mt="xs" wrap="nowrap" style={tabular}>
              {controls ? (
                <Stack gap={4}>
                  {controls.quantity(line)}
                  <Text size="sm">× {formatUsd(line.unit_usd, lang)}</Text>
                </Stack>
              ) : (
                <Text size="sm">
                  {line.quantity} × {formatUsd(line.unit_usd, lang)}
                </Text>
              )}
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

/**
 * The lines to be ordered, priced now for the chosen way of paying: as a table or as a phone's
 * list, whichever fits (only that one is built: both, one hidden, doubled the page's render and
 * every line's controls, issue 35).
 */
export const CheckoutLines = ({ lines, controls }: { lines: Lines; controls?: LineControls }) => {
  const asTable = useMediaQuery(SM_UP, false, { getInitialValueInEffect: false });
  return (
    <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
      {asTable ? (
        <LinesTable lines={lines} controls={controls} />
      ) : (
        <LinesList lines={lines} controls={controls} />
      )}
    </Paper>
  );
};

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
