import type { AdobePriceOption } from '@esd/shared/adobe/adobe.schemas';
import { formatDecimalString, formatUsd } from '@esd/shared/format/format';
import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type AdobePriceOptionsProps = {
  options: readonly AdobePriceOption[];
  /** the option that goes to the basket (`chosenOption`: the selected one, else the first) */
  value: string | undefined;
  onChange: (id: string) => void;
};

const money = (value: string, currency: string, lang: string) =>
  currency === 'USD' ? formatUsd(value, lang) : `${formatDecimalString(value, lang)} ${currency}`;

/** A price under its small label; the total stands bolder than the price per licence. */
const Figure = ({
  label,
  weight,
  children,
}: {
  label: string;
  weight: number;
  children: string;
}) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={weight} style={tabular}>
      {children}
    </Text>
  </Stack>
);

/** Spec 4: Adobe's price options as radio cards; the chosen one is what "Add to cart" buys. */
export const AdobePriceOptions = ({ options, value, onChange }: AdobePriceOptionsProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Radio.Group
      label={t('adobe.options.label')}
      description={t('adobe.options.description')}
      value={value ?? null}
      onChange={onChange}
    >
      <Stack gap="xs" mt="xs">
        {/* each card is named by everything it shows (title, SKU, term, prices): a shorter
            aria-label would leave out words on screen that a voice-control user may say to
            pick it (WCAG 2.5.3 Label in Name), and the details need no description */}
        {options.map((option) => (
          <Radio.Card key={option.id} value={option.id} radius="md" p="sm">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600} size="sm">
                  {option.FullTitle}
                </Text>
                <Group gap={6}>
                  <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {option.Sku}
                  </Text>
                  <Badge size="xs" variant="light" color="gray">
                    {t('adobe.options.days', { days: option.days })}
                  </Badge>
                </Group>
                <Group gap="xl" wrap="wrap">
                  <Figure label={t('adobe.options.perLicence')} weight={600}>
                    {money(option.Amount, option.Currency, lang)}
                  </Figure>
                  <Figure label={t('adobe.options.total')} weight={700}>
                    {money(option.total, option.Currency, lang)}
                  </Figure>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('adobe.options.exclVat')}
                </Text>
                {option.Additional_Detail ? (
                  <Text size="xs">{option.Additional_Detail}</Text>
                ) : null}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
};

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
