import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TopUpView } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { QueryContent } from '@/components/query-content';
import { EmptyState } from '@/components/empty-state';
import { Money } from '@/components/money';
import { TransferProofLink } from '@/components/transfer-proof-link';
import { formatDateTime } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useLocale } from '@/lib/locale';
import { useTopUps } from '../api/get-top-ups';
import { TopUpStatusBadge } from './top-up-status-badge';
import { ScrollTable } from '@/components/scroll-table';
import { CardsOrTable } from '@/components/cards-or-table';

type RowsProps = { topUps: readonly TopUpView[] };

function Note({ topUp }: { topUp: TopUpView }) {
  const { t } = useTranslation();
  if (topUp.rejectReason)
    return (
      <Text size="sm" c="red.8" data-testid="top-up-reject-reason">
        {translateMessage(topUp.rejectReason)}
      </Text>
    );
  if (topUp.bankReference)
    return (
      <Stack gap={2} align="flex-start">
        <Text size="sm" c="dimmed">
          {t('balance.topUps.bankReference', { reference: topUp.bankReference })}
        </Text>
        {topUp.proofFileId && <TransferProofLink fileId={topUp.proofFileId} />}
      </Stack>
    );
  return null;
}

function TopUpsTable({ topUps }: RowsProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <ScrollTable
      minWidth={820}
      striped
      verticalSpacing="xs"
      testId="top-ups-table"
      textKeys="balance.topUps"
      cells={[
        'reference',
        'date',
        'method',
        { key: 'amount', isMoney: true },
        { key: 'fee', isMoney: true },
        'status',
        'note',
      ]}
      hasFigures
    >
      {topUps.map((topUp) => (
        <Table.Tr key={topUp.id} data-testid="top-up-row" data-reference={topUp.reference}>
          <Table.Td fw={700} style={{ whiteSpace: 'nowrap' }}>
            {topUp.reference}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(topUp.createdAt, language)}</Table.Td>
          <Table.Td>{t(`balance.method.${topUp.method}`)}</Table.Td>
          <Table.Td ta="right" fw={600}>
            <Money amount={topUp.amount} currency={topUp.currencyCode} testId="top-up-amount" />
          </Table.Td>
          <Table.Td ta="right">
            {topUp.fee > 0 ? <Money amount={topUp.fee} currency={topUp.currencyCode} /> : '—'}
          </Table.Td>
          <Table.Td>
            <TopUpStatusBadge status={topUp.status} />
          </Table.Td>
          <Table.Td maw={260}>
            <Note topUp={topUp} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}

function TopUpsCards({ topUps }: RowsProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <Stack gap="sm">
      {topUps.map((topUp) => (
        <Paper key={topUp.id} withBorder p="sm" data-testid="top-up-row" data-reference={topUp.reference}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
            <div>
              <Text fw={700}>{topUp.reference}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(topUp.createdAt, language)} · {t(`balance.method.${topUp.method}`)}
              </Text>
            </div>
            <TopUpStatusBadge status={topUp.status} />
          </Group>
          <Group justify="space-between" mt={6} gap="xs">
            <Text fw={800}>
              <Money amount={topUp.amount} currency={topUp.currencyCode} testId="top-up-amount" />
            </Text>
            {topUp.fee > 0 && (
              <Text size="xs" c="dimmed">
                {t('balance.topUps.fee')}: <Money amount={topUp.fee} currency={topUp.currencyCode} />
              </Text>
            )}
          </Group>
          <Note topUp={topUp} />
        </Paper>
      ))}
    </Stack>
  );
}

// GET /b2b/balance/topups: the agency's top-ups, newest first, with their state and the reason of a rejection
export function TopUpsList() {
  const { t } = useTranslation();
  const topUps = useTopUps();
  return (
    <Stack gap="sm" component="section" aria-labelledby="top-ups-title">
      <Title order={2} size="h3" id="top-ups-title">
        {t('balance.topUps.title')}
      </Title>
      <QueryContent query={topUps}>
        {(data) => (
          <CardsOrTable
            isEmpty={data.length === 0}
            empty={
              <EmptyState testId="top-ups-empty" padding="lg">
                {t('balance.topUps.empty')}
              </EmptyState>
            }
            cards={<TopUpsCards topUps={data} />}
            table={<TopUpsTable topUps={data} />}
          />
        )}
      </QueryContent>
    </Stack>
  );
}
