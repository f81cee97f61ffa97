import { useState, type ReactNode } from 'react';
import { Anchor, Button, Checkbox, Group, Popover, Stack, Table, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { BookingListRow } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { Link, useNavigate } from 'react-router';
import { Money } from '@/components/money';
import { BookedBy, WidgetSaleMark } from '@/components/sale-channel';
import { TourAndOption } from '@/components/tour-and-option';
import { formatDate, formatDay } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { BookingStatusBadge } from './booking-status-badge';

type BookingsTableProps = { rows: readonly BookingListRow[]; hrefFor: (id: string) => string };

// SPEC §3 booking list columns, in order
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
type Column = (typeof COLUMNS)[number];

// Eight columns fit 1280 px without scrolling (issue 9: 19 columns showed 6 and scrolled sideways with no cue); the rest are
// a click away in the column picker and all of them are in the booking's detail and the xlsx
const DEFAULT_COLUMNS: readonly Column[] = [
  'reference',
  'status',
  'bookingDate',
  'tourTime',
  'tour',
  'guestName',
  'people',
  'netRate',
];
const STORAGE_KEY = 'bookings.columns';
const MONEY_COLUMNS = new Set<Column>(['publishedRate', 'netRate', 'finalBalance']);
// widths the table needs per column, to scroll only when the chosen columns need more than the page has
const WIDE = new Set<Column>(['tour', 'hotel', 'notes']);
// a guest's personal data: masked in support replay's recordings (issue 31)
const PRIVATE = new Set<Column>(['guestName', 'phone', 'hotel', 'room', 'notes']);

function readColumns(): Column[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (Array.isArray(stored)) {
      const chosen = COLUMNS.filter((column) => column === 'reference' || stored.includes(column));
      if (chosen.length > 1) return chosen;
    }
  } catch {
    // unreadable or unavailable storage: the defaults
  }
  return [...DEFAULT_COLUMNS];
}

function ColumnPicker({ columns, onChange }: { columns: readonly Column[]; onChange: (next: Column[]) => void }) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconColumns3 size={16} />}
          data-testid="column-picker"
        >
          {t('bookings.columnPicker.button', { shown: columns.length, total: COLUMNS.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} mah={360} style={{ overflowY: 'auto' }}>
          {COLUMNS.map((column) => (
            <Checkbox
              key={column}
              size="xs"
              label={t(`bookings.columns.${column}`)}
              checked={columns.includes(column)}
              disabled={column === 'reference'}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                onChange(COLUMNS.filter((c) => (c === column ? checked : columns.includes(c))));
              }}
            />
          ))}
          <Button variant="subtle" size="compact-xs" onClick={() => onChange([...DEFAULT_COLUMNS])}>
            {t('bookings.columnPicker.reset')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function BookingsTable({ rows, hrefFor }: BookingsTableProps) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const navigate = useNavigate();
  const [columns, setColumns] = useState<Column[]>(readColumns);
  const dash = '—';

  const choose = (next: Column[]) => {
    setColumns(next);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // the choice still applies to this page
    }
  };

  const cell = (row: BookingListRow, column: Column): ReactNode => {
    switch (column) {
      case 'reference':
        return (
          <Anchor
            component={Link}
            to={hrefFor(row.id)}
            fw={700}
            onClick={(event) => event.stopPropagation()}
            style={{ whiteSpace: 'nowrap' }}
          >
            {row.reference}
            <WidgetSaleMark channel={row.channel} />
          </Anchor>
        );
      case 'status':
        return <BookingStatusBadge status={row.status} size="sm" />;
      case 'bookingDate':
        return formatDate(row.bookingDate, language);
      case 'createdAt':
        return formatDay(row.createdAt, language);
      case 'tour':
        return <TourAndOption tour={row.tour} option={row.offer} />;
      case 'ticketNumber':
        return row.ticketNumber || dash;
      case 'guestName':
        return row.guestName;
      case 'phone':
        return row.phone;
      case 'hotel':
        return row.hotel;
      case 'room':
        return row.room;
      case 'people':
        return `${row.adults}/${row.children}/${row.infants}`;
      case 'pickUpTime':
        return row.pickUpTime ?? dash;
      case 'tourTime':
        return row.time ?? dash;
      case 'publishedRate':
        return <Money amount={row.publishedRate} currency={row.currencyCode} />;
      case 'netRate':
        return <Money amount={row.netRate} currency={row.currencyCode} />;
      case 'payment':
        return row.paymentMethod ? t(`bookings.paymentMethod.${row.paymentMethod}`) : dash;
      case 'finalBalance':
        return row.finalBalance === null ? dash : <Money amount={row.finalBalance} currency={row.currencyCode} />;
      case 'notes':
        return (
          <Text size="sm" lineClamp={2}>
            {row.notes || dash}
          </Text>
        );
      case 'agent':
        return <BookedBy name={row.agent} channel={row.channel} />;
    }
  };

  const minWidth = columns.reduce((sum, column) => sum + (WIDE.has(column) ? 200 : 100), 0);
  return (
    <>
      <Group justify="flex-end" px="sm" py={6}>
        <ColumnPicker columns={columns} onChange={choose} />
      </Group>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table striped highlightOnHover verticalSpacing="xs" fz="sm" stickyHeader data-testid="bookings-table">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column}
                  ta={MONEY_COLUMNS.has(column) ? 'right' : undefined}
                  style={{ verticalAlign: 'bottom' }}
                  data-column={column}
                >
                  {/* a long label ('Adult/Child/Infant') may wrap after its slashes rather than widen the column */}
                  {t(`bookings.columns.${column}`).replace(/\//g, '/\u200b')}
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
                {columns.map((column) => (
                  <Table.Td
                    key={column}
                    ta={MONEY_COLUMNS.has(column) ? 'right' : undefined}
                    fw={column === 'netRate' ? 600 : undefined}
                    miw={WIDE.has(column) ? 200 : column === 'status' ? 130 : undefined}
                    style={WIDE.has(column) || column === 'status' ? undefined : { whiteSpace: 'nowrap' }}
                    data-private={PRIVATE.has(column) || undefined}
                  >
                    {cell(row, column)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
