import { BOOKING_STATUS_LABELS, RU_FEE_PERCENT, RU_TAX_PERCENT } from '@portal/contract';
import type { BookingAmounts, BookingStatus, Language, PaymentMethod } from '@portal/contract';
import { UAE_VAT_PERCENT } from './document-format.ts';

type LineUnit = BookingAmounts['lines'][number]['unit'];

export type DocumentLabels = {
  voucher: string;
  tickets: string;
  taxInvoice: string;
  // a booking paid from the balance: billed on the month's tax invoice, so its own document is not one
  bookingInvoice: string;
  bookingInvoiceSubtitle: (reference: string) => string;
  monthlyInvoiceNote: string;
  taxInvoiceSubtitle: (reference: string) => string;
  bookingReference: string;
  status: string;
  statuses: Record<BookingStatus, string>;
  tour: string;
  option: string;
  date: string;
  time: string;
  anyTime: string;
  pickUpTime: string;
  guest: string;
  guestName: string;
  phone: string;
  hotel: string;
  room: string;
  participants: string;
  adults: string;
  children: string;
  infants: string;
  notes: string;
  cancellationPolicy: string;
  policyAtLeast: (hours: number, refund: string) => string;
  policyBetween: (fromHours: number, toHours: number, refund: string) => string;
  policyBelow: (hours: number) => string;
  refundPercent: (percent: number) => string;
  nonRefundable: string;
  bookedBy: string;
  issuedOn: string;
  voucherInstruction: string;
  ticket: string;
  ticketOf: (index: number, count: number) => string;
  ticketNumber: string;
  ticketInstruction: string;
  noTickets: string;
  supplier: string;
  billTo: string;
  trn: string;
  tradeLicence: string;
  invoiceNumber: string;
  issueDate: string;
  serviceDate: string;
  currency: string;
  payment: string;
  paymentMethods: Record<PaymentMethod, string>;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  units: Record<LineUnit, string>;
  subtotal: string;
  discount: (promoCode: string | null, percent: number | null) => string;
  cardSurcharge: string;
  quoteAdjustment: string;
  service: string;
  total: string;
  vatIncluded: string;
  vatInAed: (rate: string) => string;
  ofWhichTax: string;
  ofWhichFee: string;
  invoiceNote: string;
  page: (index: number, count: number) => string;
};

const en: DocumentLabels = {
  voucher: 'Voucher',
  tickets: 'Tickets',
  taxInvoice: 'Tax Invoice',
  bookingInvoice: 'Booking Invoice',
  bookingInvoiceSubtitle: (reference) => `№ ${reference}  ·  not a tax invoice`,
  monthlyInvoiceNote:
    "Not a tax invoice. Bookings paid from the balance are billed on the month's UAE tax invoice, on My Balance from the 3rd of the next month.",
  taxInvoiceSubtitle: (reference) => `№ ${reference}`,
  bookingReference: 'Booking reference',
  status: 'Status',
  statuses: BOOKING_STATUS_LABELS,
  tour: 'Tour',
  option: 'Option',
  date: 'Date',
  time: 'Time',
  anyTime: 'Opening hours',
  pickUpTime: 'Pick-up time',
  guest: 'Lead guest',
  guestName: 'Name',
  phone: 'Phone',
  hotel: 'Hotel',
  room: 'Room',
  participants: 'Participants',
  adults: 'Adults',
  children: 'Children',
  infants: 'Infants',
  notes: 'Meeting point and notes',
  cancellationPolicy: 'Cancellation policy',
  policyAtLeast: (hours, refund) => `${hours} h or more before the start: ${refund}`,
  policyBetween: (from, to, refund) => `${from}–${to} h before the start: ${refund}`,
  policyBelow: (hours) => `Less than ${hours} h before the start: non-refundable`,
  refundPercent: (percent) => `${percent} % refund`,
  nonRefundable: 'non-refundable',
  bookedBy: 'Booked by',
  issuedOn: 'Issued on',
  voucherInstruction: 'Please show this voucher, printed or on a phone, to the guide or at the entrance.',
  ticket: 'Ticket',
  ticketOf: (index, count) => `Ticket ${index} of ${count}`,
  ticketNumber: 'Ticket number',
  ticketInstruction: 'Show the QR code at the entrance. Each ticket admits one person once.',
  noTickets: 'No ticket numbers have been issued for this booking yet.',
  supplier: 'Supplier',
  billTo: 'Bill to',
  trn: 'TRN',
  tradeLicence: 'Trade licence',
  invoiceNumber: 'Invoice number',
  issueDate: 'Date of issue',
  serviceDate: 'Date of supply',
  currency: 'Currency',
  payment: 'Payment',
  paymentMethods: { balance: 'Company balance', card: 'Credit card' },
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  units: { adult: 'Adult', child: 'Child', infant: 'Infant', trip: 'Trip' },
  subtotal: 'Subtotal',
  discount: (code, percent) =>
    ['Discount', code ? `promo code ${code}` : '', percent ? `${percent} %` : ''].filter(Boolean).join(', '),
  cardSurcharge: 'Card surcharge',
  quoteAdjustment: 'Price adjustment (quotation)',
  service: 'Service',
  total: 'Total',
  vatIncluded: `VAT ${UAE_VAT_PERCENT} % included`,
  vatInAed: (rate) => `VAT in AED (rate ${rate})`,
  ofWhichTax: `of which tax ${RU_TAX_PERCENT} %`,
  ofWhichFee: `fee ${RU_FEE_PERCENT} %`,
  invoiceNote: `Prices are net agency prices and include VAT at ${UAE_VAT_PERCENT} %.`,
  page: (index, count) => `Page ${index} of ${count}`,
};

const ru: DocumentLabels = {
  voucher: 'Ваучер',
  tickets: 'Билеты',
  taxInvoice: 'Налоговый счёт',
  bookingInvoice: 'Счёт по бронированию',
  bookingInvoiceSubtitle: (reference) => `№ ${reference}  ·  не является налоговым счётом`,
  monthlyInvoiceNote:
    'Не является налоговым счётом. Бронирования, оплаченные с баланса, включаются в налоговый счёт за месяц — в разделе «Мой баланс» с 3-го числа следующего месяца.',
  // FTA: the words "Tax Invoice" must appear on a UAE tax invoice
  taxInvoiceSubtitle: (reference) => `Tax Invoice  ·  № ${reference}`,
  bookingReference: 'Номер бронирования',
  status: 'Статус',
  statuses: {
    request: 'Запрос предложения',
    payment_required: 'Требуется оплата',
    pending_payment: 'Ожидает оплаты',
    completed: 'Завершено',
    cancelled: 'Отменено',
    payment_failed: 'Оплата не прошла',
  },
  tour: 'Тур',
  option: 'Вариант',
  date: 'Дата',
  time: 'Время',
  anyTime: 'В часы работы',
  pickUpTime: 'Время трансфера',
  guest: 'Основной гость',
  guestName: 'Имя',
  phone: 'Телефон',
  hotel: 'Отель',
  room: 'Номер комнаты',
  participants: 'Участники',
  adults: 'Взрослые',
  children: 'Дети',
  infants: 'Младенцы',
  notes: 'Место встречи и примечания',
  cancellationPolicy: 'Условия отмены',
  policyAtLeast: (hours, refund) => `За ${hours} ч и более до начала: ${refund}`,
  policyBetween: (from, to, refund) => `За ${from}–${to} ч до начала: ${refund}`,
  policyBelow: (hours) => `Менее чем за ${hours} ч до начала: без возврата`,
  refundPercent: (percent) => `возврат ${percent} %`,
  nonRefundable: 'без возврата',
  bookedBy: 'Забронировано',
  issuedOn: 'Дата выдачи',
  voucherInstruction: 'Покажите этот ваучер, распечатанный или на телефоне, гиду или на входе.',
  ticket: 'Билет',
  ticketOf: (index, count) => `Билет ${index} из ${count}`,
  ticketNumber: 'Номер билета',
  ticketInstruction: 'Покажите QR-код на входе. Каждый билет действует для одного человека один раз.',
  noTickets: 'Номера билетов по этому бронированию ещё не выданы.',
  supplier: 'Поставщик',
  billTo: 'Покупатель',
  trn: 'Рег. номер НДС (TRN)',
  tradeLicence: 'Торговая лицензия',
  invoiceNumber: 'Номер счёта',
  issueDate: 'Дата выставления',
  serviceDate: 'Дата оказания услуги',
  currency: 'Валюта',
  payment: 'Оплата',
  paymentMethods: { balance: 'Баланс компании', card: 'Банковская карта' },
  description: 'Описание',
  quantity: 'Кол-во',
  unitPrice: 'Цена за ед.',
  amount: 'Сумма',
  units: { adult: 'Взрослый', child: 'Ребёнок', infant: 'Младенец', trip: 'Поездка' },
  subtotal: 'Промежуточный итог',
  discount: (code, percent) =>
    ['Скидка', code ? `промокод ${code}` : '', percent ? `${percent} %` : ''].filter(Boolean).join(', '),
  cardSurcharge: 'Комиссия за оплату картой',
  quoteAdjustment: 'Корректировка цены (по предложению)',
  service: 'Услуга',
  total: 'Итого',
  vatIncluded: `В том числе НДС ${UAE_VAT_PERCENT} %`,
  vatInAed: (rate) => `НДС в AED (курс ${rate})`,
  ofWhichTax: `в том числе налог ${RU_TAX_PERCENT} %`,
  ofWhichFee: `сбор ${RU_FEE_PERCENT} %`,
  invoiceNote: `Цены указаны нетто для агентства и включают НДС ${UAE_VAT_PERCENT} %.`,
  page: (index, count) => `Страница ${index} из ${count}`,
};

const LABELS: Record<Language, DocumentLabels> = { en, ru };

export function documentLabels(language: Language): DocumentLabels {
  return LABELS[language];
}
