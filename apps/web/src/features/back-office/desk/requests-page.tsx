import { Card, Drawer, Group, Loader, Paper, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BookingStatus } from '@portal/contract';
import type { AdminRequestRow } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { LoadFailed } from '@/components/load-failed';
import { Money } from '@/components/money';
import { PageHeader } from '@/components/page-header';
import { useDocumentPageTitle } from '@/components/page-title';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';
import { useAdminRequests } from './api/requests';
import { AgencySelect } from './components/agency-select';
import { DeskStatusBadge } from './components/booking-status-badge';
import { RequestDetail } from './components/request-detail';
import { guestsText } from './components/guests';
import { When } from './components/when';

// the statuses a request goes through: asked, quoted, paid, declined or withdrawn
const REQUEST_STATUSES: readonly BookingStatus[] = ['request', 'payment_required', 'completed', 'cancelled'];
const ON_PAGE = 20;

// /admin/requests: every agency's quotation requests, the open ones first; a request opens beside the list, where
// the operator quotes or declines it
export function RequestsPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  useDocumentPageTitle(t('boDesk.requests.title'));
  const [params, patch] = useSearchParamsPatch();
  const status = BookingStatus.options.find((s) => s === params.get('status'));
  const agencyId = params.get('agency') || undefined;
  const openId = params.get('id');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const requests = useAdminRequests({ status, agencyId, language, page, onPage: ON_PAGE });
  const isPhone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const rows = requests.data?.items;
  const open = rows?.find((row) => row.id === openId) ?? null;
  const openRow = (id: string | null) => patch({ id: id ?? undefined });
  const guests = (row: AdminRequestRow) => guestsText(t, row);

  return (
    <Stack gap="lg" data-testid="requests-page">
      <PageHeader title={t('boDesk.requests.title')} subtitle={t('boDesk.requests.subtitle')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('boDesk.fields.status')}
          data={[
            { value: 'all', label: t('boDesk.requests.allStatuses') },
            ...REQUEST_STATUSES.map((s) => ({ value: s, label: t(`boDesk.requestStatuses.${s}`) })),
          ]}
          value={status ?? 'all'}
          onChange={(value) => patch({ status: !value || value === 'all' ? undefined : value, page: undefined })}
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
          data-testid="requests-status"
        />
        <AgencySelect value={agencyId ?? null} onChange={(id) => patch({ agency: id ?? undefined, page: undefined })} />
      </Group>
      {requests.isError && !rows ? (
        <LoadFailed error={requests.error} onRetry={() => void requests.refetch()} isRetrying={requests.isFetching} />
      ) : !rows ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('boDesk.requests.empty')}</Text>
      ) : isPhone ? (
        <Stack gap="sm" style={{ opacity: requests.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((row) => (
            <UnstyledButton
              key={row.id}
              onClick={() => openRow(row.id)}
              data-testid="request-row"
              data-reference={row.reference}
            >
              <Card withBorder padding="sm">
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {row.tour}
                    </Text>
                    <DeskStatusBadge status={row.status} />
                  </Group>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {row.offer}
                  </Text>
                  <Text size="sm">
                    <When row={row} /> · {guests(row)}
                  </Text>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {row.agencyName} · {row.reference}
                    </Text>
                    <Text size="sm" fw={600}>
                      <Money amount={row.quote?.netTotal ?? row.netRate} currency={row.currencyCode} />
                    </Text>
                  </Group>
                </Stack>
              </Card>
            </UnstyledButton>
          ))}
        </Stack>
      ) : (
        <Paper withBorder style={{ opacity: requests.isPlaceholderData ? 0.6 : 1 }}>
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('boDesk.fields.reference')}</Table.Th>
                  <Table.Th>{t('boDesk.fields.agency')}</Table.Th>
                  <Table.Th>{t('boDesk.fields.tour')}</Table.Th>
                  <Table.Th>{t('boDesk.fields.date')}</Table.Th>
                  <Table.Th>{t('boDesk.fields.guests')}</Table.Th>
                  <Table.Th ta="right">{t('boDesk.fields.net')}</Table.Th>
                  <Table.Th>{t('boDesk.fields.status')}</Table.Th>
                  <Table.Th>{t('boDesk.fields.received')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr
                    key={row.id}
                    onClick={() => openRow(row.id)}
                    style={{ cursor: 'pointer' }}
                    data-testid="request-row"
                    data-reference={row.reference}
                  >
                    <Table.Td>
                      <UnstyledButton
                        onClick={(event) => {
                          event.stopPropagation();
                          openRow(row.id);
                        }}
                        fw={600}
                        fz="sm"
                        c="brand.7"
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {row.reference}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.agencyName}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {row.tour}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.offer}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        <When row={row} />
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{guests(row)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amount={row.quote?.netTotal ?? row.netRate} currency={row.currencyCode} />
                    </Table.Td>
                    <Table.Td>
                      <DeskStatusBadge status={row.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(row.createdAt, language)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {requests.data && (
        <ListPagination
          total={requests.data.total}
          onPage={ON_PAGE}
          page={page}
          onChange={(next) => patch({ page: String(next), id: undefined })}
          isCompact={isPhone}
          textKeys="boDesk.pagination"
        />
      )}
      <Drawer
        opened={open !== null}
        onClose={() => openRow(null)}
        position="right"
        size={isPhone ? '100%' : 'lg'}
        title={open ? open.reference : ''}
      >
        {open && <RequestDetail request={open} />}
      </Drawer>
    </Stack>
  );
}
