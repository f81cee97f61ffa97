import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CommissionRow } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import { BookedBy, MarginStatusBadge } from '@/components/sale-channel';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { LabelledValue } from '@/components/labelled-value';
import { TourAndOption } from '@/components/tour-and-option';

type CommissionsCardsProps = {
  rows: readonly CommissionRow[];
  hrefFor: (id: string) => string;
  showAgent: boolean;
};

// The list on a phone: one card per booking, the commission on top beside the reference
export function CommissionsCards({ rows, hrefFor, showAgent }: CommissionsCardsProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <Stack gap="sm" data-testid="commissions-cards">
      {rows.map((row) => (
        <Card
          key={row.id}
          withBorder
          padding="md"
          radius="md"
          data-testid="commission-row"
          data-reference={row.reference}
        >
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Anchor component={Link} to={hrefFor(row.id)} fw={700}>
                {row.reference}
              </Anchor>
              <Text fw={800} c={row.commission < 0 ? 'red.7' : 'brand.7'}>
                <Money amount={row.commission} currency={row.currencyCode} testId="row-commission" />
              </Text>
            </Group>
            <div>
              <TourAndOption tour={row.tour} option={row.offer} weight={600} />
            </div>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
              <LabelledValue label={t('commissions.columns.travelDate')}>
                {formatDate(row.travelDate, language)}
                {row.time ? ` · ${row.time}` : ''}
              </LabelledValue>
              {/* data-private: a guest's name, masked in support replay's recordings (issue 31) */}
              <LabelledValue label={t('commissions.columns.guestName')}>
                <span data-private>{row.guestName}</span>
              </LabelledValue>
              <LabelledValue label={t('commissions.columns.published')}>
                <Money amount={row.published} currency={row.currencyCode} testId="row-published" />
              </LabelledValue>
              <LabelledValue label={t('commissions.columns.net')}>
                <Money amount={row.net} currency={row.currencyCode} testId="row-net" />
              </LabelledValue>
              <LabelledValue label={t('commissions.columns.people')}>
                {row.adults}/{row.children}/{row.infants}
              </LabelledValue>
              {showAgent && (
                <LabelledValue label={t('commissions.columns.agent')}>
                  <BookedBy name={row.agent} channel={row.channel} />
                </LabelledValue>
              )}
              {row.marginStatus && (
                <LabelledValue label={t('commissions.columns.commission')}>
                  <MarginStatusBadge status={row.marginStatus} />
                </LabelledValue>
              )}
            </SimpleGrid>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
