import { BookingStatus, PaymentMethod, type BookingListRow, type Language } from '@portal/contract';
import { translator } from '../../lib/i18n.ts';
import { minorToMajor, toMinor } from './document-format.ts';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  TEXT_FORMAT,
  calendarDate,
  dubaiWallClock,
  moneyFormat,
  keyedColumns,
  streamSheet,
  styleOf,
} from '../../lib/xlsx-cells.ts';

type Header = { key: string; width: number };

// SPEC §3 booking list columns, in order; adult/child/infant are three numeric columns
const COLUMNS = [
  { key: 'reference', width: 16 },
  { key: 'status', width: 18 },
  { key: 'bookingDate', width: 13 },
  { key: 'createdAt', width: 17 },
  { key: 'tour', width: 40 },
  { key: 'ticketNumber', width: 18 },
  { key: 'guestName', width: 24 },
  { key: 'phone', width: 18 },
  { key: 'hotel', width: 28 },
  { key: 'room', width: 9 },
  { key: 'adults', width: 9 },
  { key: 'children', width: 9 },
  { key: 'infants', width: 9 },
  { key: 'pickUpTime', width: 12 },
  { key: 'tourTime', width: 11 },
  { key: 'publishedRate', width: 16 },
  { key: 'netRate', width: 16 },
  { key: 'payment', width: 18 },
  { key: 'finalBalance', width: 16 },
  { key: 'notes', width: 40 },
  { key: 'agent', width: 22 },
] as const satisfies readonly Header[];

type ColumnKey = (typeof COLUMNS)[number]['key'];

type CellValue = string | number | Date | null;

// the columns whose cells hold text (dates fall back to text only when unreadable)
const TEXT_COLUMNS: readonly ColumnKey[] = [
  'reference',
  'status',
  'tour',
  'ticketNumber',
  'guestName',
  'phone',
  'hotel',
  'room',
  'pickUpTime',
  'tourTime',
  'payment',
  'notes',
  'agent',
];

// A sheet's words, asked once: a sheet may have tens of thousands of rows
type Words = { statuses: Record<BookingStatus, string>; payments: Record<PaymentMethod, string> };
function wordsOf(language: Language): Words {
  const t = translator(language, 'documents');
  return {
    statuses: Object.fromEntries(BookingStatus.options.map((s) => [s, t(`statuses.${s}`)])) as Words['statuses'],
    payments: Object.fromEntries(PaymentMethod.options.map((m) => [m, t(`paymentMethods.${m}`)])) as Words['payments'],
  };
}

function rowValues(row: BookingListRow, words: Words): Record<ColumnKey, CellValue> {
  const text = (value: string | null) => value || null;
  const tour = row.offer ? `${row.tour} — ${row.offer}` : row.tour;
  return {
    reference: text(row.reference),
    status: words.statuses[row.status],
    bookingDate: calendarDate(row.bookingDate) ?? text(row.bookingDate),
    createdAt: dubaiWallClock(row.createdAt) ?? text(row.createdAt),
    tour: text(tour),
    ticketNumber: text(row.ticketNumber),
    guestName: text(row.guestName),
    phone: text(row.phone),
    hotel: text(row.hotel),
    room: text(row.room),
    adults: row.adults,
    children: row.children,
    infants: row.infants,
    pickUpTime: text(row.pickUpTime),
    tourTime: text(row.time),
    publishedRate: minorToMajor(toMinor(row.publishedRate)),
    netRate: minorToMajor(toMinor(row.netRate)),
    payment: row.paymentMethod ? words.payments[row.paymentMethod] : null,
    finalBalance: row.finalBalance === null ? null : minorToMajor(toMinor(row.finalBalance)),
    notes: text(row.notes),
    agent: text(row.agent),
  };
}

export async function writeBookingsXlsx(
  rows: AsyncIterable<BookingListRow> | Iterable<BookingListRow>,
  language: Language,
  out: NodeJS.WritableStream,
): Promise<void> {
  const t = translator(language, 'documents');
  const words = wordsOf(language);
  await streamSheet(out, t('bookingsSheet.sheet'), 1, async (sheet) => {
    keyedColumns(sheet, COLUMNS, (key) => t(`bookingsSheet.headers.${key}`));
    for await (const row of rows) {
      const values = rowValues(row, words);
      const added = sheet.addRow(COLUMNS.map((column) => values[column.key]));
      const money = moneyFormat(row.currencyCode);
      for (const key of ['publishedRate', 'netRate', 'finalBalance'] as const)
        added.getCell(key).style = styleOf(money);
      for (const key of TEXT_COLUMNS) added.getCell(key).style = styleOf(TEXT_FORMAT);
      const bookingDate = added.getCell('bookingDate');
      bookingDate.style = styleOf(bookingDate.value instanceof Date ? DATE_FORMAT : TEXT_FORMAT);
      const createdAt = added.getCell('createdAt');
      createdAt.style = styleOf(createdAt.value instanceof Date ? DATE_TIME_FORMAT : TEXT_FORMAT);
      added.commit();
    }
  });
}
