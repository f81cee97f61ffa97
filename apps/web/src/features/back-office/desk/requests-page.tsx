import { Drawer, Select, Text, UnstyledButton } from '@mantine/core';
import { BookingStatus, type AdminRequestRow } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Money } from '@/components/money';
import { useLocale } from '@/lib/locale';
import { useIsPhone } from '@/lib/use-is-phone';
import { ListPage } from '../components/list-page';
import { ListTable, type ListColumn } from '../components/list-table';
import { useListParams } from '../hooks/use-list-params';
import { listParam } from '../utils/list-params';
import { useAdminRequests } from './api/requests';
import { AgencySelect } from './components/agency-select';
import { DeskCardBody } from './components/desk-card-body';
import { deskColumns } from './components/desk-columns';
import { RequestDetail } from './components/request-detail';
import { guestsText } from './components/guests';
import { When } from './components/when';
import { columnsUnder } from '../components/list-columns';
import { ListCard } from '../components/list-card';
import { PagedResults } from '../components/paged-results';

// the statuses a request goes through: asked, quoted, paid, declined or withdrawn
const REQUEST_STATUSES: readonly BookingStatus[] = ['request', 'payment_required', 'completed', 'cancelled'];
const ON_PAGE = 20;
const PARAMS = { status: listParam.oneOf(BookingStatus.options), agency: listParam.id() };

function RequestCard({ row, guests, onOpen }: { row: AdminRequestRow; guests: string; onOpen: () => void }) {
  return (
    <UnstyledButton onClick={onOpen} data-testid="request-row" data-reference={row.reference}>
      <ListCard>
        <DeskCardBody
          title={row.tour}
          status={row.status}
          footer={`${row.agencyName} · ${row.reference}`}
          amount={<Money amount={row.quote?.netTotal ?? row.netRate} currency={row.currencyCode} />}
        >
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {row.offer}
          </Text>
          <Text size="sm">
            <When row={row} /> · {guests}
          </Text>
        </DeskCardBody>
      </ListCard>
    </UnstyledButton>
  );
}

// /admin/requests: every agency's quotation requests, the open ones first; a request opens beside the list, where
// the operator quotes or declines it
export function RequestsPage() {
  const { t } = useTranslation();
  const { language } = useLocale();
  const isPhone = useIsPhone();
  const { params, filters, page, setFilters, setPage, patch } = useListParams(PARAMS);
  const requests = useAdminRequests({
    status: filters.status,
    agencyId: filters.agency,
    language,
    page,
    onPage: ON_PAGE,
  });
  const openId = params.get('id');
  const open = requests.data?.items.find((row) => row.id === openId) ?? null;
  // the open request is in the URL too, but opening or closing it keeps the page
  const openRow = (id: string | null) => patch({ id: id ?? undefined, page: params.get('page') ?? undefined });
  const guests = (row: AdminRequestRow) => guestsText(t, row);
  const column = columnsUnder<AdminRequestRow>(t, 'boDesk.fields');
  const columns: ListColumn<AdminRequestRow>[] = [
    column('reference', (row) => (
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
    )),
    column('agency', (row) => <Text size="sm">{row.agencyName}</Text>),
    deskColumns.tour(t),
    deskColumns.date(t),
    column('guests', (row) => <Text size="sm">{guests(row)}</Text>),
    column('net', (row) => <Money amount={row.quote?.netTotal ?? row.netRate} currency={row.currencyCode} />, {
      align: 'right',
    }),
    deskColumns.status(t),
    deskColumns.created(t('boDesk.fields.received'), language),
  ];

  return (
    <ListPage
      testId="requests-page"
      textKeys="boDesk.requests"
      filters={
        <>
          <Select
            label={t('boDesk.fields.status')}
            data={[
              { value: 'all', label: t('boDesk.requests.allStatuses') },
              ...REQUEST_STATUSES.map((s) => ({ value: s, label: t(`boDesk.requestStatuses.${s}`) })),
            ]}
            value={filters.status ?? 'all'}
            onChange={(value) => setFilters({ status: !value || value === 'all' ? undefined : value })}
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
            data-testid="requests-status"
          />
          <AgencySelect value={filters.agency ?? null} onChange={(id) => setFilters({ agency: id })} />
        </>
      }
    >
      <PagedResults
        query={requests}
        empty={t('boDesk.requests.empty')}
        paging={{ page, onPage: ON_PAGE, onChange: (next) => setPage(next, { id: undefined }) }}
        paginationTextKeys="boDesk.pagination"
      >
        {(data) => (
          <ListTable
            rows={data.items}
            columns={columns}
            minWidth={860}
            rowProps={(row) => ({
              onClick: () => openRow(row.id),
              style: { cursor: 'pointer' },
              'data-testid': 'request-row',
              'data-reference': row.reference,
            })}
            card={(row) => <RequestCard row={row} guests={guests(row)} onOpen={() => openRow(row.id)} />}
          />
        )}
      </PagedResults>
      <Drawer
        opened={open !== null}
        onClose={() => openRow(null)}
        position="right"
        size={isPhone ? '100%' : 'lg'}
        title={open ? open.reference : ''}
      >
        {open && <RequestDetail request={open} />}
      </Drawer>
    </ListPage>
  );
}
