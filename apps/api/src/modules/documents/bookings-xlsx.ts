import type { PassThrough } from 'node:stream';
import type { BookingListRow, Language, PaymentMethod } from '@portal/contract';
import { minorToMajor, toMinor } from './document-format.ts';
import { documentLabels } from './document-labels.ts';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  TEXT_FORMAT,
  calendarDate,
  dubaiWallClock,
  moneyFormat,
  streamWorkbook,
  streamingSheet,
  styleAsHeader,
  styleOf,
} from './xlsx-cells.ts';

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

const HEADERS: Record<Language, Record<ColumnKey, string>> = {
  en: {
    reference: 'Reference',
    status: 'Status',
    bookingDate: 'Booking date',
    createdAt: 'Creation date',
    tour: 'Tour',
    ticketNumber: 'Ticket number',
    guestName: 'Guest name',
    phone: 'Phone',
    hotel: 'Hotel',
    room: 'Room',
    adults: 'Adults',
    children: 'Children',
    infants: 'Infants',
    pickUpTime: 'Pick-up time',
    tourTime: 'Tour time',
    publishedRate: 'Published rate',
    netRate: 'NET rate',
    payment: 'Collection / payment',
    finalBalance: 'Final balance',
    notes: 'Notes',
    agent: 'Agent',
  },
  ru: {
    reference: 'Номер брони',
    status: 'Статус',
    bookingDate: 'Дата тура',
    createdAt: 'Дата создания',
    tour: 'Тур',
    ticketNumber: 'Номер билета',
    guestName: 'Имя гостя',
    phone: 'Телефон',
    hotel: 'Отель',
    room: 'Номер комнаты',
    adults: 'Взрослые',
    children: 'Дети',
    infants: 'Младенцы',
    pickUpTime: 'Время трансфера',
    tourTime: 'Время тура',
    publishedRate: 'Опубликованная цена',
    netRate: 'Цена нетто',
    payment: 'Оплата',
    finalBalance: 'Итоговый баланс',
    notes: 'Примечания',
    agent: 'Агент',
  },
};

const PAYMENT_LABELS: Record<Language, Record<PaymentMethod, string>> = {
  en: { balance: 'Company balance', card: 'Credit card' },
  ru: { balance: 'Баланс компании', card: 'Банковская карта' },
};

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

function rowValues(row: BookingListRow, language: Language): Record<ColumnKey, CellValue> {
  const text = (value: string | null) => value || null;
  const tour = row.offer ? `${row.tour} — ${row.offer}` : row.tour;
  return {
    reference: text(row.reference),
    status: documentLabels(language).statuses[row.status],
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
    payment: row.paymentMethod ? PAYMENT_LABELS[language][row.paymentMethod] : null,
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
  await streamWorkbook(out, (zip) => writeWorkbook(rows, language, zip));
}

async function writeWorkbook(
  rows: AsyncIterable<BookingListRow> | Iterable<BookingListRow>,
  language: Language,
  stream: PassThrough,
): Promise<void> {
  const { workbook, sheet } = streamingSheet(stream, language === 'ru' ? 'Бронирования' : 'Bookings', 1);
  sheet.columns = COLUMNS.map((column) => ({ key: column.key, width: column.width }));

  const header = sheet.addRow(COLUMNS.map((column) => HEADERS[language][column.key]));
  styleAsHeader(header, true);
  header.height = 30;
  header.commit();

  for await (const row of rows) {
    const values = rowValues(row, language);
    const added = sheet.addRow(COLUMNS.map((column) => values[column.key]));
    const money = moneyFormat(row.currencyCode);
    for (const key of ['publishedRate', 'netRate', 'finalBalance'] as const) added.getCell(key).style = styleOf(money);
    for (const key of TEXT_COLUMNS) added.getCell(key).style = styleOf(TEXT_FORMAT);
    const bookingDate = added.getCell('bookingDate');
    bookingDate.style = styleOf(bookingDate.value instanceof Date ? DATE_FORMAT : TEXT_FORMAT);
    const createdAt = added.getCell('createdAt');
    createdAt.style = styleOf(createdAt.value instanceof Date ? DATE_TIME_FORMAT : TEXT_FORMAT);
    added.commit();
  }
  sheet.commit();
  await workbook.commit();
}
