import { Stack, Text } from '@mantine/core';
import { TopUpStatus, type TopUpView } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { TransferProofLink } from '@/components/transfer-proof-link';
import { formatDate, formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useIsPhone } from '@/lib/use-is-phone';
import { ListResults } from '../../components/list-page';
import { ListTable, type ListColumn } from '../../components/list-table';
import { useListParams } from '../../hooks/use-list-params';
import { listParam } from '../../utils/list-params';
import { useTransfers } from '../api/money';
import { TransferActions } from './transfer-actions';
import { SegmentedFilter } from '../../components/segmented-filter';
import { columnsUnder } from '../../components/list-columns';
import { CardTop, ListCard } from '../../components/list-card';

const TRANSFER_STATUSES = ['pending', 'credited', 'rejected'] as const;
// the pending ones unless the URL says otherwise ('all': every status)
const PARAMS = { transfers: listParam.oneOf([...TopUpStatus.options, 'all'] as const) };

function TransferDecision({ transfer }: { transfer: TopUpView }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  if (transfer.status === 'pending') return <TransferActions transfer={transfer} />;
  if (transfer.status === 'credited')
    return (
      <Text size="sm" c="green.8">
        {t('boDesk.money.creditedAt', { at: transfer.creditedAt ? formatDateTime(transfer.creditedAt, language) : '' })}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {t('boDesk.transferStatuses.rejected')}: {transfer.rejectReason}
    </Text>
  );
}

function TransferCard({ row }: { row: TopUpView }) {
  const { t } = useTranslation();
  const { language } = useLocale();
  return (
    <ListCard data-testid="transfer-row" data-reference={row.reference}>
      <Stack gap={6}>
        <CardTop
          title={row.agencyName}
          aside={
            <Text fw={700}>
              <Money amount={row.amount} currency={row.currencyCode} />
            </Text>
          }
        >
          <Text size="xs" c="dimmed">
            {row.reference} · {t('boDesk.money.bankReference')} {row.bankReference}
          </Text>
        </CardTop>
        <Text size="xs" c="dimmed">
          {t('boDesk.money.transferDate')}: {row.transferDate ? formatDate(row.transferDate, language) : '—'}
        </Text>
        {row.proofFileId && <TransferProofLink fileId={row.proofFileId} />}
        <TransferDecision transfer={row} />
      </Stack>
    </ListCard>
  );
}

// Bank transfers the agencies declared, the pending ones first shown: each confirmed (the balance credited) or
// rejected with a reason
export function TransfersList() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const isPhone = useIsPhone();
  const { filters, setFilters } = useListParams(PARAMS);
  const shown = filters.transfers ?? 'pending';
  const transfers = useTransfers(shown === 'all' ? undefined : shown);
  const nowrap = (text: string) => (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Text>
  );
  const column = columnsUnder<TopUpView>(t, 'boDesk.money');
  const columns: ListColumn<TopUpView>[] = [
    {
      key: 'agency',
      title: t('boDesk.fields.agency'),
      cell: (row) => (
        <Text size="sm" fw={500}>
          {row.agencyName}
        </Text>
      ),
    },
    { key: 'reference', title: t('boDesk.fields.reference'), cell: (row) => nowrap(row.reference) },
    column('bankReference', (row) => (
      <>
        {nowrap(row.bankReference ?? '')}
        {row.proofFileId && <TransferProofLink fileId={row.proofFileId} />}
      </>
    )),
    column('transferDate', (row) => nowrap(row.transferDate ? formatDate(row.transferDate, language) : '—')),
    {
      key: 'amount',
      title: t('boDesk.fields.amount'),
      align: 'right',
      cell: (row) => (
        <Text size="sm" fw={600}>
          <Money amount={row.amount} currency={row.currencyCode} />
        </Text>
      ),
    },
    column('declared', (row) => nowrap(formatDateTime(row.createdAt, language))),
    column('decision', (row) => <TransferDecision transfer={row} />),
  ];
  return (
    <Stack gap="md" data-testid="transfers">
      <SegmentedFilter
        data={[
          ...TRANSFER_STATUSES.map((s) => ({ value: s, label: t(`boDesk.transferStatuses.${s}`) })),
          { value: 'all', label: t('boDesk.money.allTransfers') },
        ]}
        value={shown}
        unset="pending"
        onChange={(transfers) => setFilters({ transfers })}
        fullWidth={isPhone}
        style={{ alignSelf: isPhone ? 'stretch' : 'flex-start' }}
      />
      <ListResults query={transfers} isEmpty={(rows) => rows.length === 0} empty={t('boDesk.money.noTransfers')}>
        {(rows) => (
          <ListTable
            rows={rows}
            columns={columns}
            minWidth={860}
            highlightOnHover={false}
            rowProps={(row) => ({ 'data-testid': 'transfer-row', 'data-reference': row.reference })}
            card={(row) => <TransferCard row={row} />}
          />
        )}
      </ListResults>
    </Stack>
  );
}
