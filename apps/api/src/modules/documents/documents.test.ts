import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { BookingListRow, BookingView } from '@portal/contract';
import type { BookingDocumentInput, BookingDocumentKind } from './booking-pdf.ts';
import { renderBookingPdf } from './booking-pdf.ts';
import { writeBookingsXlsx } from './bookings-xlsx.ts';
import { formatDisplayDate, includedVatMinor } from './document-format.ts';
import { invoiceFigures } from './invoice-pdf.ts';

function booking(overrides: Partial<BookingView> = {}): BookingView {
  return {
    id: '5b0c1a43-2f7e-4a55-9d53-0d7d1b7c1a01',
    reference: 'GF260220-7Q4K2M',
    status: 'completed',
    statusLabel: 'Completed',
    isRequest: false,
    channel: 'agent',
    sale: null,
    tour: { id: 12, url: 'desert-safari', title: 'Evening Desert Safari with BBQ Dinner' },
    offer: { id: 31, name: 'Shared 4x4, hotel pick-up' },
    date: '2026-03-05',
    time: '15:30',
    adults: 2,
    children: 1,
    infants: 1,
    guest: {
      name: 'Anna Smith',
      email: 'anna@example.com',
      phone: '+971 50 123 4567',
      hotel: 'Atlantis The Palm',
      room: '1204',
    },
    pickUpTime: '14:45',
    promoCode: null,
    promoPercent: null,
    amounts: {
      currencyCode: 'aed',
      netTotal: 1050,
      publishedTotal: 1300,
      netBeforeDiscount: 1050,
      discount: 0,
      cardSurcharge: 0,
      tax: null,
      fee: null,
      lines: [
        { unit: 'adult', quantity: 2, net: 800, published: 1000 },
        { unit: 'child', quantity: 1, net: 250, published: 300 },
        { unit: 'infant', quantity: 1, net: 0, published: 0 },
      ],
    },
    paymentMethod: 'balance',
    cancellationPolicy: [
      { hours: 24, percents: 50 },
      { hours: 48, percents: 100 },
    ],
    ticketNumbers: ['GF260220-7Q4K2M-01', 'GF260220-7Q4K2M-02', 'GF260220-7Q4K2M-03'],
    agent: { id: 'a1', name: 'Omar Haddad', email: 'omar@agency.example' },
    notes: 'Meet the driver in the main lobby. Wear comfortable shoes.',
    language: 'en',
    createdAt: '2026-02-20T08:15:00.000Z',
    confirmedAt: '2026-02-20T08:15:02.000Z',
    cancelledAt: null,
    refundAmount: null,
    cancellationFee: null,
    holdExpiresAt: null,
    quote: null,
    declineReason: null,
    payment: null,
    canRetryCard: false,
    isHoldExpired: false,
    documents: null,
    balanceAfter: 8950,
    ...overrides,
  };
}

function documentInput(overrides: Partial<BookingDocumentInput> = {}): BookingDocumentInput {
  return {
    booking: booking(),
    agency: {
      name: 'Sunrise Travel LLC',
      address: 'Office 804, Bay Square 3, Business Bay, Dubai',
      trnNumber: '100234567800003',
    },
    issuer: {
      legalName: 'UAE Tours Portal LLC',
      address: 'Office 1201, Prime Tower, Business Bay, Dubai, UAE',
      vatRegistrationNumber: '100987654300003',
      tradeLicenceNumber: 'DED-889912',
      phone: '+971 4 555 0100',
      email: 'accounts@portal.example',
    },
    language: 'en',
    issuedAt: new Date('2026-02-20T09:00:00.000Z'),
    ...overrides,
  };
}

const russianBooking = booking({
  language: 'ru',
  guest: {
    name: 'Иван Петров',
    email: 'ivan@example.com',
    phone: '+7 916 000 11 22',
    hotel: 'Rixos Premium',
    room: '305',
  },
  notes: 'Встреча у стойки консьержа.',
  promoCode: 'SPRING10',
  promoPercent: 10,
  paymentMethod: 'card',
  amounts: {
    currencyCode: 'usd',
    netTotal: 262.27,
    publishedTotal: 356.16,
    netBeforeDiscount: 285.7,
    discount: 28.57,
    cardSurcharge: 5.14,
    tax: 15.74,
    fee: 10.49,
    lines: [
      { unit: 'adult', quantity: 2, net: 219.18, published: 273.98 },
      { unit: 'child', quantity: 1, net: 66.52, published: 82.18 },
    ],
  },
});

// Set DOCUMENTS_PREVIEW_DIR to keep the rendered files for a visual check (pdftoppm).
async function keep(name: string, data: Buffer): Promise<void> {
  const dir = process.env.DOCUMENTS_PREVIEW_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), data);
}

async function render(kind: BookingDocumentKind, input: BookingDocumentInput): Promise<Buffer> {
  const pdf = await renderBookingPdf(kind, input);
  await keep(`${kind}-${input.language}.pdf`, pdf);
  return pdf;
}

async function pdfPages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

// pdf.js decodes images with ArrayBuffer#transferToFixedLength, which Node 20 lacks; a copy is enough for reading.
function polyfillTransferToFixedLength(): void {
  if ('transferToFixedLength' in ArrayBuffer.prototype) return;
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    value(this: ArrayBuffer) {
      return this.slice(0);
    },
    configurable: true,
    writable: true,
  });
}

async function imagesPerPage(pdf: Buffer): Promise<number[]> {
  polyfillTransferToFixedLength();
  const { OPS } = await getResolvedPDFJS();
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const counts: number[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const page = await doc.getPage(i);
    const operators = await page.getOperatorList();
    counts.push(operators.fnArray.filter((fn) => fn === OPS.paintImageXObject).length);
  }
  return counts;
}

describe('booking voucher PDF', () => {
  it('shows the booking, guest, people and the cancellation tiers sorted by hours, without net prices', async () => {
    const pdf = await render('voucher', documentInput());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfPages(pdf)).join(' ');
    for (const expected of [
      'GF260220-7Q4K2M',
      'Evening Desert Safari with BBQ Dinner',
      'Shared 4x4, hotel pick-up',
      '05 Mar, 26',
      '15:30',
      '14:45',
      'Anna Smith',
      '+971 50 123 4567',
      'Atlantis The Palm',
      '1204',
      'Meet the driver in the main lobby',
      'Sunrise Travel LLC',
      'UAE Tours Portal LLC',
    ]) {
      expect(text).toContain(expected);
    }
    const tiers = [
      '48 h or more before the start: 100 % refund',
      '24–48 h before the start: 50 % refund',
      'Less than 24 h before the start: non-refundable',
    ];
    const positions = tiers.map((tier) => text.indexOf(tier));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).not.toMatch(/1,050|800\.00|AED/);
  });

  it('is written in Russian with an embedded Cyrillic font', async () => {
    const pdf = await render('voucher', documentInput({ language: 'ru', booking: russianBooking }));
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    const text = (await pdfPages(pdf)).join(' ');
    for (const expected of [
      'ВАУЧЕР',
      'Номер бронирования',
      'Иван Петров',
      'Взрослые',
      'Встреча у стойки консьержа',
      'За 48 ч и более до начала: возврат 100 %',
      'Менее чем за 24 ч до начала: без возврата',
      '05 мар., 26',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('says non-refundable when the offer has no cancellation tiers', async () => {
    const text = (
      await pdfPages(await renderBookingPdf('voucher', documentInput({ booking: booking({ cancellationPolicy: [] }) })))
    ).join(' ');
    expect(text).toContain('Non-refundable');
  });
});

describe('booking tickets PDF', () => {
  it('draws one ticket with its own QR code per ticket number', async () => {
    const pdf = await render('tickets', documentInput());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(1);
    const text = pages.join(' ');
    for (const ticket of ['GF260220-7Q4K2M-01', 'GF260220-7Q4K2M-02', 'GF260220-7Q4K2M-03'])
      expect(text).toContain(ticket);
    expect(text).toContain('TICKET 3 OF 3');
    expect(await imagesPerPage(pdf)).toEqual([3]);
  });

  it('puts three tickets on a page and continues on the next one', async () => {
    const ticketNumbers = ['A-1', 'A-2', 'A-3', 'A-4', 'A-5'];
    const pdf = await render(
      'tickets',
      documentInput({ language: 'ru', booking: { ...russianBooking, ticketNumbers } }),
    );
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain('БИЛЕТ 5 ИЗ 5');
    expect(await imagesPerPage(pdf)).toEqual([3, 2]);
  });
});

describe('booking tax invoice PDF', () => {
  it('is a UAE tax invoice from the issuer to the agency with the VAT included in the total (paid by card)', async () => {
    const card = documentInput();
    const pdf = await render('invoice', { ...card, booking: { ...card.booking, paymentMethod: 'card' } });
    const text = (await pdfPages(pdf)).join(' ');
    expect(text).toContain('TAX INVOICE');
    expect(text).not.toContain('not a tax invoice');
    for (const expected of [
      'UAE Tours Portal LLC',
      '100987654300003',
      'DED-889912',
      'Sunrise Travel LLC',
      '100234567800003',
      'GF260220-7Q4K2M',
      '20 Feb, 26',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Adult 2 400.00 AED 800.00 AED');
    expect(text).toContain('Child 1 250.00 AED 250.00 AED');
    expect(text).toContain('Total (AED) 1,050.00 AED');
    expect(text).toContain('VAT 5 % included 50.00 AED');
    expect(text).not.toContain('of which tax');
  });

  it('shows the Russian discount, card surcharge, tax and fee lines and the VAT in AED for a USD invoice', async () => {
    const pdf = await render('invoice', documentInput({ language: 'ru', booking: russianBooking }));
    const text = (await pdfPages(pdf)).join(' ');
    expect(text).toContain('НАЛОГОВЫЙ СЧЁТ');
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Скидка, промокод SPRING10, 10 % −28,57 USD');
    expect(text).toContain('Комиссия за оплату картой 5,14 USD');
    expect(text).toContain('Итого (USD) 262,27 USD');
    // 26227 × 5 / 105 = 1248.9 → 1249 minor units; × 3.65 = 4558.85 → 4559
    expect(text).toContain('В том числе НДС 5 % 12,49 USD');
    expect(text).toContain('45,59 AED');
    expect(text).toContain('в том числе налог 6 % 15,74 USD');
    expect(text).toContain('сбор 4 % 10,49 USD');
  });
});

describe('booking invoice of a booking paid from the balance', () => {
  it("is not a tax invoice: the month's tax invoice bills it (one tax invoice per supply)", async () => {
    const text = (await pdfPages(await render('invoice', documentInput()))).join(' ');
    expect(text).toContain('BOOKING INVOICE');
    expect(text).not.toContain('TAX INVOICE');
    expect(text).toContain('№ GF260220-7Q4K2M · not a tax invoice');
    expect(text).toContain(
      "Not a tax invoice. Bookings paid from the balance are billed on the month's UAE tax invoice, on My Balance from the 3rd of the next month.",
    );
    // the figures are the same as a tax invoice's
    expect(text).toContain('Total (AED) 1,050.00 AED');
    const ru = documentInput({ language: 'ru', booking: { ...russianBooking, paymentMethod: 'balance' } });
    const russian = (await pdfPages(await render('invoice', ru))).join(' ');
    expect(russian).toContain('СЧЁТ ПО БРОНИРОВАНИЮ');
    expect(russian).not.toContain('Tax Invoice');
    expect(russian).toContain('Не является налоговым счётом.');
  });
});

describe('invoice figures', () => {
  it('derives unit prices from the line totals and balances to the booking total', () => {
    const figures = invoiceFigures(russianBooking.amounts);
    expect(figures.lines.map((l) => [l.unit, l.quantity, l.unitMinor, l.amountMinor])).toEqual([
      ['adult', 2, 10959, 21918],
      ['child', 1, 6652, 6652],
    ]);
    expect(figures.subtotalMinor - figures.discountMinor + figures.cardSurchargeMinor).toBe(figures.totalMinor);
    expect(figures.adjustmentMinor).toBe(0);
    expect(figures.vatAedMinor).toBe(4559);
  });

  it('shows the difference between the tariff and a quoted price as an adjustment', () => {
    const figures = invoiceFigures({ ...booking().amounts, netTotal: 990 });
    expect(figures.adjustmentMinor).toBe(-6000);
    expect(figures.vatAedMinor).toBeNull();
  });

  it('rounds the included VAT half-up in minor units', () => {
    expect(includedVatMinor(105_000)).toBe(5000);
    expect(includedVatMinor(10_000)).toBe(476);
    expect(includedVatMinor(11)).toBe(1);
    expect(includedVatMinor(10)).toBe(0);
    expect(includedVatMinor(0)).toBe(0);
  });

  it("displays dates as 'dd MMM, yy'", () => {
    expect(formatDisplayDate('2026-12-01', 'en')).toBe('01 Dec, 26');
    expect(formatDisplayDate('2026-05-09', 'ru')).toBe('09 мая, 26');
  });
});

function listRow(overrides: Partial<BookingListRow> = {}): BookingListRow {
  return {
    id: 'b1',
    reference: 'GF260220-7Q4K2M',
    status: 'completed',
    statusLabel: 'Completed',
    isRequest: false,
    channel: 'agent',
    bookingDate: '2026-03-05',
    time: '15:30',
    createdAt: '2026-02-20T08:15:00.000Z',
    tourId: 12,
    tour: 'Evening Desert Safari',
    offer: 'Shared 4x4',
    ticketNumber: 'GF260220-7Q4K2M-01',
    guestName: 'Anna Smith',
    phone: '+971 50 123 4567',
    hotel: 'Atlantis The Palm',
    room: '1204',
    adults: 2,
    children: 1,
    infants: 0,
    pickUpTime: '14:45',
    publishedRate: 1300,
    netRate: 1050.5,
    currencyCode: 'aed',
    paymentMethod: 'balance',
    finalBalance: 8949.5,
    notes: '@SUM(A1:A2)',
    agent: 'Omar Haddad',
    ...overrides,
  };
}

async function xlsxBuffer(
  rows: AsyncIterable<BookingListRow> | Iterable<BookingListRow>,
  language: 'en' | 'ru',
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeBookingsXlsx(rows, language, out);
  const buffer = Buffer.concat(chunks);
  await keep(`bookings-${language}.xlsx`, buffer);
  return buffer;
}

async function firstSheet(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(buffer).buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

describe("one 'dd MMM, yy' for screens, PDFs and mails (issue 9: PDF '27 ноя, 26' vs screen '27 нояб., 26')", () => {
  it('formats calendar dates and timestamps by the contract table, anything else as it is', async () => {
    const { formatDisplayDate } = await import('./document-format.ts');
    expect(formatDisplayDate('2026-11-27', 'ru')).toBe('27 нояб., 26');
    expect(formatDisplayDate('2026-11-27', 'en')).toBe('27 Nov, 26');
    expect(formatDisplayDate('2026-03-05T08:15:00.000Z', 'ru')).toBe('05 мар., 26');
    expect(formatDisplayDate('2026-05-01', 'ru')).toBe('01 мая, 26');
    expect(formatDisplayDate('2026-13-01', 'en')).toBe('2026-13-01');
    expect(formatDisplayDate('soon', 'en')).toBe('soon');
  });
});

describe('bookings xlsx export', () => {
  it('writes the SPEC §3 columns and the status, numbers as numbers, text as text that never becomes a formula', async () => {
    async function* rows(): AsyncIterable<BookingListRow> {
      yield listRow({ guestName: '=HYPERLINK("x")' });
      yield listRow({
        reference: 'GF260220-AAAAAA',
        status: 'cancelled',
        statusLabel: 'Cancelled',
        finalBalance: null,
        paymentMethod: null,
        pickUpTime: null,
        notes: '',
      });
    }
    const sheet = await firstSheet(await xlsxBuffer(rows(), 'en'));
    const headers = [
      'Reference',
      'Status',
      'Booking date',
      'Creation date',
      'Tour',
      'Ticket number',
      'Guest name',
      'Phone',
      'Hotel',
      'Room',
      'Adults',
      'Children',
      'Infants',
      'Pick-up time',
      'Tour time',
      'Published rate',
      'NET rate',
      'Collection / payment',
      'Final balance',
      'Notes',
      'Agent',
    ];
    expect(sheet.getRow(1).values).toEqual([undefined, ...headers]);
    const cell = (row: number, header: string) => sheet.getRow(row).getCell(headers.indexOf(header) + 1);
    // text cells: typed strings in the Text format, exactly as entered (no quote character added)
    for (const [header, value] of [
      ['Guest name', '=HYPERLINK("x")'],
      ['Phone', '+971 50 123 4567'],
      ['Notes', '@SUM(A1:A2)'],
      ['Tour', 'Evening Desert Safari — Shared 4x4'],
      ['Status', 'Completed'],
    ] as const) {
      expect([header, cell(2, header).type, cell(2, header).value, cell(2, header).numFmt]).toEqual([
        header,
        ExcelJS.ValueType.String,
        value,
        '@',
      ]);
      expect(cell(2, header).formula).toBeUndefined();
    }
    for (const [header, value] of [
      ['Adults', 2],
      ['Children', 1],
      ['Infants', 0],
      ['Published rate', 1300],
      ['NET rate', 1050.5],
      ['Final balance', 8949.5],
    ] as const) {
      expect(cell(2, header).type).toBe(ExcelJS.ValueType.Number);
      expect(cell(2, header).value).toBe(value);
    }
    expect(cell(2, 'Booking date').value).toEqual(new Date('2026-03-05T00:00:00.000Z'));
    expect(cell(2, 'Booking date').numFmt).toBe('dd mmm, yy');
    // 08:15 UTC is 12:15 in Dubai
    expect(cell(2, 'Creation date').value).toEqual(new Date('2026-02-20T12:15:00.000Z'));
    expect(cell(2, 'Tour time').value).toBe('15:30');
    expect(cell(2, 'Collection / payment').value).toBe('Company balance');
    // a cancelled booking says so
    expect(cell(3, 'Reference').value).toBe('GF260220-AAAAAA');
    expect(cell(3, 'Status').value).toBe('Cancelled');
    expect(cell(3, 'Final balance').value).toBeNull();
    expect(sheet.rowCount).toBe(3);
  });

  it('writes Russian headers and statuses from a plain array', async () => {
    const sheet = await firstSheet(
      await xlsxBuffer([listRow({ paymentMethod: 'card', currencyCode: 'usd', status: 'cancelled' })], 'ru'),
    );
    expect(sheet.getRow(1).getCell(1).value).toBe('Номер брони');
    expect(sheet.getRow(1).getCell(2).value).toBe('Статус');
    expect(sheet.getRow(2).getCell(2).value).toBe('Отменено');
    expect(sheet.getRow(1).getCell(17).value).toBe('Цена нетто');
    expect(sheet.getRow(2).getCell(18).value).toBe('Банковская карта');
  });
});
