import { Card, Group, Loader, Paper, SegmentedControl, Stack, Table, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { TopUpStatus } from '@portal/contract';
import type { TopUpView } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { LoadFailed } from '@/components/load-failed';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { TransferProofLink } from '@/components/transfer-proof-link';
import { useDocumentPageTitle } from '@/components/page-title';
import { formatDate, formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';
import { useDeskPayments, useTransfers } from './api/money';
import { AgencySelect } from './components/agency-select';
import { PaymentsTable } from './components/payments-table';
import { TransferActions } from './components/transfer-actions';

const TRANSFER_STATUSES = ['pending', 'credited', 'rejected'] as const;
const PAYMENT_VIEWS = ['all', 'refunds', 'failedRefunds'] as const;
const ON_PAGE = 20;

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

function Transfers() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const [params, patch] = useSearchParamsPatch();
  const raw = params.get('transfers');
  const status = raw === 'all' ? undefined : (TopUpStatus.options.find((s) => s === raw) ?? 'pending');
  const transfers = useTransfers(status);
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const rows = transfers.data;
  return (
    <Stack gap="md" data-testid="transfers">
      <SegmentedControl
        data={[
          ...TRANSFER_STATUSES.map((s) => ({ value: s, label: t(`boDesk.transferStatuses.${s}`) })),
          { value: 'all', label: t('boDesk.money.allTransfers') },
        ]}
        value={status ?? 'all'}
        onChange={(value) => patch({ transfers: value === 'pending' ? undefined : value })}
        fullWidth={isPhone}
        size={isPhone ? 'xs' : 'sm'}
        style={{ alignSelf: isPhone ? 'stretch' : 'flex-start' }}
      />
      {transfers.isError && !rows ? (
        <LoadFailed
          error={transfers.error}
          onRetry={() => void transfers.refetch()}
          isRetrying={transfers.isFetching}
        />
      ) : !rows ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('boDesk.money.noTransfers')}</Text>
      ) : isPhone ? (
        <Stack gap="sm" style={{ opacity: transfers.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((row) => (
            <Card key={row.id} withBorder padding="sm" data-testid="transfer-row" data-reference={row.reference}>
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {row.agencyName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.reference} · {t('boDesk.money.bankReference')} {row.bankReference}
                    </Text>
                  </Stack>
                  <Text fw={700}>
                    <Money amount={row.amount} currency={row.currencyCode} />
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('boDesk.money.transferDate')}: {row.transferDate ? formatDate(row.transferDate, language) : '—'}
                </Text>
                {row.proofFileId && <TransferProofLink fileId={row.proofFileId} />}
                <TransferDecision transfer={row} />
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Paper withBorder style={{ opacity: transfers.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('boDesk.fields.agency')}</Table.Th>
                  <Table.Th>{t('boDesk.fields.reference')}</Table.Th>
                  <Table.Th>{t('boDesk.money.bankReference')}</Table.Th>
                  <Table.Th>{t('boDesk.money.transferDate')}</Table.Th>
                  <Table.Th ta="right">{t('boDesk.fields.amount')}</Table.Th>
                  <Table.Th>{t('boDesk.money.declared')}</Table.Th>
                  <Table.Th>{t('boDesk.money.decision')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="transfer-row" data-reference={row.reference}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {row.agencyName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {row.reference}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {row.bankReference}
                      </Text>
                      {row.proofFileId && <TransferProofLink fileId={row.proofFileId} />}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {row.transferDate ? formatDate(row.transferDate, language) : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={600}>
                        <Money amount={row.amount} currency={row.currencyCode} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(row.createdAt, language)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <TransferDecision transfer={row} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

function CardPayments() {
  const { t } = useTranslation();
  const [params, patch] = useSearchParamsPatch();
  const view = PAYMENT_VIEWS.find((v) => v === params.get('view')) ?? 'all';
  const agencyId = params.get('agency') || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const payments = useDeskPayments({ view, agencyId, page, onPage: ON_PAGE });
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const data = payments.data;
  return (
    <Stack gap="md" data-testid="card-payments">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          data={PAYMENT_VIEWS.map((v) => ({ value: v, label: t(`boDesk.money.views.${v}`) }))}
          value={view}
          onChange={(value) => patch({ view: value === 'all' ? undefined : value })}
          orientation={isPhone ? 'vertical' : 'horizontal'}
          fullWidth={isPhone}
          size={isPhone ? 'xs' : 'sm'}
          w={isPhone ? '100%' : undefined}
        />
        <AgencySelect value={agencyId ?? null} onChange={(id) => patch({ agency: id ?? undefined })} />
      </Group>
      {payments.isError && !data ? (
        <LoadFailed error={payments.error} onRetry={() => void payments.refetch()} isRetrying={payments.isFetching} />
      ) : !data ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{t('boDesk.money.noPayments')}</Text>
      ) : (
        <div style={{ opacity: payments.isPlaceholderData ? 0.6 : 1 }}>
          <PaymentsTable rows={data.items} />
        </div>
      )}
      {data && (
        <ListPagination
          total={data.total}
          onPage={ON_PAGE}
          page={page}
          onChange={(next) => patch({ page: String(next) })}
          isCompact={isPhone}
          textKeys="boDesk.pagination"
        />
      )}
    </Stack>
  );
}

// /admin/money: bank transfers declared by agencies to confirm or reject; card payments and refunds with the
// provider's status, a failed refund retried
export function MoneyPage() {
  const { t } = useTranslation();
  useDocumentPageTitle(t('boDesk.money.title'));
  const [params, patch] = useSearchParamsPatch();
  const tab = params.get('tab') === 'cards' ? 'cards' : 'transfers';
  return (
    <Stack gap="lg" data-testid="money-page">
      <PageHeader title={t('boDesk.money.title')} subtitle={t('boDesk.money.subtitle')} />
      <Tabs
        value={tab}
        onChange={(value) =>
          patch({
            tab: value === 'cards' ? 'cards' : undefined,
            view: undefined,
            agency: undefined,
            transfers: undefined,
          })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="transfers">{t('boDesk.money.transfersTab')}</Tabs.Tab>
          <Tabs.Tab value="cards">{t('boDesk.money.cardsTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transfers">
          <Transfers />
        </Tabs.Panel>
        <Tabs.Panel value="cards">
          <CardPayments />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
