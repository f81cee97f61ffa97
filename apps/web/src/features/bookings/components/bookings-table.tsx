import { Anchor, Table, Text } from '@mantine/core';
import type { BookingListRow } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Money } from '@/components/money';
import { formatDate, formatDay } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { BookingStatusBadge } from './booking-status-badge';

type BookingsTableProps = { rows: readonly BookingListRow[]; hrefFor: (id: string) => string };

const COLUMNS = [
  'reference',
  'status',
  'bookingDate',
  'createdAt',
  'tour',
  'ticketNumber',
  'guestName',
  'phone',
  'hotel',
  'room',
  'people',
  'pickUpTime',
  'tourTime',
  'publishedRate',
  'netRate',
  'payment',
  'finalBalance',
  'notes',
  'agent',
] as const;

const MONEY_COLUMNS = new Set<string>(['publishedRate', 'netRate', 'finalBalance']);

// SPEC §3 booking list columns; wide, so it scrolls sideways inside its own box
export function BookingsTable({ rows, hrefFor }: BookingsTableProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const navigate = useNavigate();
  const dash = '—';

  return (
    <Table.ScrollContainer minWidth={2100} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" stickyHeader data-testid="bookings-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th
                key={column}
                ta={MONEY_COLUMNS.has(column) ? 'right' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {t(`bookings.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              data-testid="booking-row"
              data-reference={row.reference}
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate(hrefFor(row.id))}
            >
              <Table.Td>
                <Anchor
                  component={Link}
                  to={hrefFor(row.id)}
                  fw={700}
                  onClick={(event) => event.stopPropagation()}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {row.reference}
                </Anchor>
              </Table.Td>
              <Table.Td miw={150}>
                <BookingStatusBadge status={row.status} size="sm" />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.bookingDate, language)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.createdAt, language)}</Table.Td>
              <Table.Td miw={220}>
                <Text size="sm" fw={500} lineClamp={2}>
                  {row.tour}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {row.offer}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.ticketNumber || dash}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.guestName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.phone}</Table.Td>
              <Table.Td miw={160}>{row.hotel}</Table.Td>
              <Table.Td>{row.room}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {row.adults}/{row.children}/{row.infants}
              </Table.Td>
              <Table.Td>{row.pickUpTime ?? dash}</Table.Td>
              <Table.Td>{row.time ?? dash}</Table.Td>
              <Table.Td ta="right">
                <Money amount={row.publishedRate} currency={row.currencyCode} />
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                <Money amount={row.netRate} currency={row.currencyCode} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {row.paymentMethod ? t(`bookings.paymentMethod.${row.paymentMethod}`) : dash}
              </Table.Td>
              <Table.Td ta="right">
                {row.finalBalance === null ? dash : <Money amount={row.finalBalance} currency={row.currencyCode} />}
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" lineClamp={2}>
                  {row.notes || dash}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.agent}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
