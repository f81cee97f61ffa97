import { BookingStatus, PaymentMethod, type BookingListRow, type Language } from '@portal/contract';
import { translator } from '../../lib/i18n.ts';
import { BOOKING_COLUMNS, bookingCells } from './booking-columns.ts';
import { minorToMajor, toMinor } from './document-format.ts';
import {
  addKeyedRow,
  calendarDate,
  keyedColumns,
  streamSheet,
  type CellValue,
  type KeyedColumn,
} from '../../lib/xlsx-cells.ts';

// SPEC §3 booking list columns, in order; adult/child/infant are three numeric columns
const COLUMNS = [
  BOOKING_COLUMNS.reference,
  { key: 'status', width: 18, kind: 'text' },
  { key: 'bookingDate', width: 13, kind: 'date' },
  BOOKING_COLUMNS.createdAt,
  BOOKING_COLUMNS.tour,
  { key: 'ticketNumber', width: 18, kind: 'text' },
  BOOKING_COLUMNS.guestName,
  { key: 'phone', width: 18, kind: 'text' },
  { key: 'hotel', width: 28, kind: 'text' },
  { key: 'room', width: 9, kind: 'text' },
  { key: 'adults', width: 9 },
  { key: 'children', width: 9 },
  { key: 'infants', width: 9 },
  { key: 'pickUpTime', width: 12, kind: 'text' },
  { key: 'tourTime', width: 11, kind: 'text' },
  { key: 'publishedRate', width: 16, kind: 'money' },
  { key: 'netRate', width: 16, kind: 'money' },
  { key: 'payment', width: 18, kind: 'text' },
  { key: 'finalBalance', width: 16, kind: 'money' },
  { key: 'notes', width: 40, kind: 'text' },
  BOOKING_COLUMNS.agent,
] as const satisfies readonly KeyedColumn<string>[];

type ColumnKey = (typeof COLUMNS)[number]['key'];

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
  // the shared cells last: a literal that starts with a spread is built property by property (decision 0165)
  return {
    status: words.statuses[row.status],
    bookingDate: calendarDate(row.bookingDate) ?? text(row.bookingDate),
    ticketNumber: text(row.ticketNumber),
    phone: text(row.phone),
    hotel: text(row.hotel),
    room: text(row.room),
    pickUpTime: text(row.pickUpTime),
    tourTime: text(row.time),
    publishedRate: minorToMajor(toMinor(row.publishedRate)),
    netRate: minorToMajor(toMinor(row.netRate)),
    payment: row.paymentMethod ? words.payments[row.paymentMethod] : null,
    finalBalance: row.finalBalance === null ? null : minorToMajor(toMinor(row.finalBalance)),
    notes: text(row.notes),
    ...bookingCells(row),
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
    for await (const row of rows) addKeyedRow(sheet, COLUMNS, rowValues(row, words), row.currencyCode);
  });
}
