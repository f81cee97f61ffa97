import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { CurrencyCode, StatementEntry } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { ScrollTable } from '@/components/scroll-table';

type EntriesProps = { entries: readonly StatementEntry[]; currency: CurrencyCode };

const amount = (value: number, currency: CurrencyCode, testId: string) =>
  value === 0 ? (
    <Text span c="dimmed">
      —
    </Text>
  ) : (
    <Money amount={value} currency={currency} testId={testId} />
  );

// The booking an entry belongs to opens over the bookings list
function Reference({ entry, size = 'sm' }: { entry: StatementEntry; size?: 'sm' | 'xs' }) {
  if (!entry.reference)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  if (!entry.bookingId)
    return (
      <Text span size={size} style={{ whiteSpace: 'nowrap' }}>
        {entry.reference}
      </Text>
    );
  return (
    <Anchor
      component={Link}
      to={paths.bookingDetail.getHref('/bookings', entry.bookingId)}
      fw={700}
      size={size}
      style={{ whiteSpace: 'nowrap' }}
      data-testid="entry-booking-link"
    >
      {entry.reference}
    </Anchor>
  );
}

function Description({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" fw={500} lineClamp={2}>
        {entry.description}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`balance.entryKind.${entry.kind}`)}
      </Text>
    </>
  );
}

export function StatementTable({ entries, currency }: EntriesProps) {
  const { language } = useLocale();
  return (
    <ScrollTable
      minWidth={760}
      striped
      highlightOnHover
      verticalSpacing="xs"
      testId="statement-table"
      textKeys="balance.columns"
      cells={[
        'date',
        'description',
        'reference',
        { key: 'debit', isMoney: true },
        { key: 'credit', isMoney: true },
        { key: 'runningBalance', isMoney: true },
      ]}
      hasFigures
    >
      {entries.map((entry) => (
        <Table.Tr key={entry.id} data-testid="statement-entry" data-kind={entry.kind}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(entry.date, language)}</Table.Td>
          <Table.Td miw={220}>
            <Description entry={entry} />
          </Table.Td>
          <Table.Td>
            <Reference entry={entry} />
          </Table.Td>
          <Table.Td ta="right" c="red.8">
            {amount(entry.debit, currency, 'entry-debit')}
          </Table.Td>
          <Table.Td ta="right" c="teal.8">
            {amount(entry.credit, currency, 'entry-credit')}
          </Table.Td>
          <Table.Td ta="right" fw={700}>
            <Money amount={entry.balanceAfter} currency={currency} testId="entry-balance" />
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

// On a phone each entry is a card: what, when, how much, and the balance after it
export function StatementCards({ entries, currency }: EntriesProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <Stack gap="sm" data-testid="statement-cards">
      {entries.map((entry) => (
        <Paper key={entry.id} withBorder p="sm" data-testid="statement-entry" data-kind={entry.kind}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Description entry={entry} />
            </div>
            <Text
              fw={800}
              c={entry.credit > 0 ? 'teal.8' : 'red.8'}
              style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
            >
              {entry.credit > 0 ? '+' : '−'}
              {entry.credit > 0
                ? amount(entry.credit, currency, 'entry-credit')
                : amount(entry.debit, currency, 'entry-debit')}
            </Text>
          </Group>
          <Group justify="space-between" mt={6} gap="xs">
            <Text size="xs" c="dimmed">
              {formatDate(entry.date, language)} · <Reference entry={entry} size="xs" />
            </Text>
            <Text size="xs" c="dimmed">
              {t('balance.columns.runningBalance')}:{' '}
              <Text span fw={700} c="dark" size="xs">
                <Money amount={entry.balanceAfter} currency={currency} testId="entry-balance" />
              </Text>
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
