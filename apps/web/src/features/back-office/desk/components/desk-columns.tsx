import { Text } from '@mantine/core';
import type { BookingStatus, Language } from '@portal/contract';
import type { TFunction } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';
import type { ListColumn } from '../../components/list-table';
import { DeskStatusBadge } from './booking-status-badge';
import { When } from './when';

type DeskRow = {
  agencyName: string;
  tour: string;
  offer: string;
  bookingDate: string;
  time: string | null;
  status: BookingStatus;
  createdAt: string;
};

// The columns the desk's bookings and requests share: tour and option, the date, status and when it came in
export const deskColumns = {
  tour: <Row extends DeskRow>(t: TFunction): ListColumn<Row> => ({
    key: 'tour',
    title: t('boDesk.fields.tour'),
    cell: (row) => (
      <>
        <Text size="sm" fw={500}>
          {row.tour}
        </Text>
        <Text size="xs" c="dimmed">
          {row.offer}
        </Text>
      </>
    ),
  }),
  // `under`: a second line under the date (the guests)
  date: <Row extends DeskRow>(t: TFunction, under?: (row: Row) => string): ListColumn<Row> => ({
    key: 'date',
    title: t('boDesk.fields.date'),
    cell: (row) => (
      <>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          <When row={row} />
        </Text>
        {under && (
          <Text size="xs" c="dimmed">
            {under(row)}
          </Text>
        )}
      </>
    ),
  }),
  status: <Row extends DeskRow>(t: TFunction): ListColumn<Row> => ({
    key: 'status',
    title: t('boDesk.fields.status'),
    cell: (row) => <DeskStatusBadge status={row.status} />,
  }),
  created: <Row extends DeskRow>(title: string, language: Language): ListColumn<Row> => ({
    key: 'created',
    title,
    cell: (row) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(row.createdAt, language)}
      </Text>
    ),
  }),
};
