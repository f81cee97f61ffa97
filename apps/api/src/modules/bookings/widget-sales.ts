import { randomBytes } from 'node:crypto';
import type { CurrencyCode, Language } from '@portal/contract';
import { BOOKING_MESSAGES, WIDGET_SALE_MESSAGES, convertMinor, saleTotalMinor } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { DocumentIssuer } from '../documents/index.ts';
import { databaseError } from '../../lib/database-error.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { t } from '../../lib/i18n.ts';
import { mailAgencyAdmins } from '../account/index.ts';
import { postLedgerEntry } from '../ledger/index.ts';
import { insertMail } from '../mail/index.ts';
import { latestPaymentFor, type PaymentRecord, type PaymentsService } from '../payments/index.ts';
import { widgetSaleAgencyMail, widgetSaleCustomerMail } from './booking-mails.ts';
import { canRetryCard, isHoldValid } from './booking-views.ts';
import {
  dueMarginIds,
  findBooking,
  findWidgetSale,
  loadAgency,
  loadWidgetBrand,
  updateBooking,
  type BookingRow,
} from './bookings.repo.ts';
import { cardHoldColumns } from './booking-rules.ts';
import { holdBooking } from './hold-booking.ts';
import { inBookingTransaction, type BookingDeps } from './booking-transaction.ts';
import { prepareBooking, type CreateBookingInput } from './prepare-booking.ts';

// Issue 13: a widget sale — the agency's customer books in the agency's shop and pays the widget's sale price by card
// to the portal. The booking is the agency's (channel 'widget', no agent), holds its seats like an agent's card
// booking, and completes when the card is paid (card-payments.ts). What the customer paid is kept in the widget's
// currency (the charge) and, as the published total, in the account's, so the agency's margin is published − net:
// pending once paid, credited to the balance by `creditDueMargins` after the tour date, reversed by a cancellation
// before that (manage-bookings.ts#cancelWith).

// The customer's page of a sale is reached by this token only: 24 random bytes, URL-safe
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const newSaleToken = () => randomBytes(24).toString('base64url');
export const isSaleToken = (value: unknown): value is string => typeof value === 'string' && TOKEN_PATTERN.test(value);

export type WidgetSaleRequest = {
  widget: { id: string; agencyId: string; currency: CurrencyCode; discountPercent: number };
  // the language the shop showed: the customer's mail, voucher and tickets speak it
  language: Language;
  prices: { saleAdultMinor: number | null; saleChildMinor: number | null; saleTripMinor: number | null };
  // rendered into the checkout form: a second submit of the same form finds the sale the first one made
  token: string;
  customerUrl: string;
  body: CreateBookingInput;
};

// Books and starts the card charge; returns the sale (a repeated submit of the same form returns the first one's)
export async function createWidgetSale(
  ctx: ServiceContext,
  deps: BookingDeps,
  request: WidgetSaleRequest,
): Promise<BookingRow> {
  const existing = await findWidgetSale(ctx.db, request.token);
  // the form's token names one sale of one shop: another shop's token is no sale here
  if (existing) {
    if (existing.widgetId !== request.widget.id) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
    return existing;
  }
  const now = new Date();
  const p = await prepareBooking(ctx, request.widget.agencyId, request.body, 'widget', now);
  // a customer cannot wait for a quotation: past the cut-off or not instantly confirmable is not sold online
  if (p.isRequest) throw AppError.field('date', WIDGET_SALE_MESSAGES.notOnline);
  const sale = saleTotalMinor(request.prices, request.widget.discountPercent, p.people, p.offer.pricingUnit);
  if (sale === null) throw AppError.field('children', WIDGET_SALE_MESSAGES.priceMissing);
  const saleInAccount = convertMinor(sale, request.widget.currency, p.agency.currency);
  // the sale price was NET + 5 % when the agency set it; a NET raised since must never make the portal sell at a loss
  if (sale <= 0 || saleInAccount < p.price.netTotalMinor)
    throw AppError.field('offerId', WIDGET_SALE_MESSAGES.notAvailable);
  let held: BookingRow;
  try {
    held = await holdBooking(ctx, {
      actor: null,
      body: request.body,
      prepared: p,
      now,
      stock: { take: true, locking: deps.stockLocking },
      columns: () => ({
        // the language the shop showed: the customer's mail, voucher and tickets speak it
        language: request.language,
        channel: 'widget',
        widgetId: request.widget.id,
        saleCurrency: request.widget.currency,
        saleTotalMinor: sale,
        publishedTotalMinor: saleInAccount,
        customerToken: request.token,
        customerUrl: request.customerUrl,
        ...cardHoldColumns(now),
      }),
    });
  } catch (error) {
    // the same form submitted twice at once: the other submit made the sale
    if (databaseError(error)?.code === '23505') {
      const made = await findWidgetSale(ctx.db, request.token);
      if (made && made.widgetId === request.widget.id) return made;
    }
    throw error;
  }
  await deps.startCardPayment(ctx, held);
  return (await findBooking(ctx.db, held.id)) ?? held;
}

// Where a sale stands for its customer
export type SaleState = 'confirmed' | 'waiting' | 'failed' | 'expired' | 'cancelled';
function saleState(sale: BookingRow, payment: PaymentRecord | null, now: Date): SaleState {
  if (sale.status === 'completed') return 'confirmed';
  if (sale.status === 'cancelled') return 'cancelled';
  if (!isHoldValid(sale, now)) return 'expired';
  if (canRetryCard(sale, payment, now)) return 'failed';
  // no charge at all: a submit of the same form may still be asking the provider (a few seconds), else the process
  // stopped between holding the seats and asking it — then the customer starts one
  if (payment === null) return now.getTime() - sale.createdAt.getTime() > NO_CHARGE_GRACE_MS ? 'failed' : 'waiting';
  return 'waiting';
}
const NO_CHARGE_GRACE_MS = 30_000;

// The provider is asked about an open charge at most this often per payment (the waiting page reloads every 3 s)
const REFRESH_EVERY_MS = 2_500;
const lastAsked = new Map<string, number>();
function mayAsk(paymentId: string, now: number): boolean {
  const last = lastAsked.get(paymentId);
  if (last !== undefined && now - last < REFRESH_EVERY_MS) return false;
  if (lastAsked.size > 10_000) lastAsked.clear();
  lastAsked.set(paymentId, now);
  return true;
}

// What the widget shop (widgets module) asks of bookings for its customers' checkout (issue 13): app.bookings
export type WidgetSales = {
  create: (ctx: ServiceContext, request: WidgetSaleRequest) => Promise<BookingRow>;
  // null when the token names no sale of that widget; `find` does not ask the provider, `refresh` does
  find: (ctx: ServiceContext, token: string, widgetId: string) => Promise<WidgetSaleView | null>;
  refresh: (ctx: ServiceContext, token: string, widgetId: string) => Promise<WidgetSaleView | null>;
  retry: (ctx: ServiceContext, token: string, widgetId: string) => Promise<BookingRow>;
  // the voucher or tickets of a completed sale, under the shop's brand; null when there is none
  document: (
    ctx: ServiceContext,
    token: string,
    widgetId: string,
    kind: 'voucher' | 'tickets',
    brand: DocumentIssuer,
  ) => Promise<{ pdf: Buffer; fileName: string } | null>;
  creditDueMargins: () => Promise<number>;
};

export type WidgetSaleView = { sale: BookingRow; payment: PaymentRecord | null; state: SaleState };

// A sale of this shop as it stands (null for no sale, or another shop's: checked before anything else)
export async function findWidgetSaleOf(db: DbOrTx, token: string, widgetId: string): Promise<WidgetSaleView | null> {
  const sale = await findWidgetSale(db, token);
  if (!sale || sale.widgetId !== widgetId) return null;
  const payment = await latestPaymentFor(db, sale.id);
  return { sale, payment, state: saleState(sale, payment, new Date()) };
}

// The customer's page: the provider is asked about an open charge first (the return may beat the webhook)
export async function refreshWidgetSale(
  ctx: ServiceContext,
  payments: PaymentsService,
  token: string,
  widgetId: string,
): Promise<WidgetSaleView | null> {
  const found = await findWidgetSaleOf(ctx.db, token, widgetId);
  const payment = found?.payment;
  if (!payment || (payment.status !== 'pending' && payment.status !== 'requires_action')) return found;
  if (!mayAsk(payment.id, Date.now())) return found;
  await payments.refreshCharge(ctx, payment);
  return findWidgetSaleOf(ctx.db, token, widgetId);
}

// Another card while the seats are still held: the open charge is closed at the provider first (a charge paid
// meanwhile completes the sale and nothing more is charged), then a new one starts
export async function retryWidgetSale(
  ctx: ServiceContext,
  deps: BookingDeps,
  token: string,
  widgetId: string,
): Promise<BookingRow> {
  const before = await findWidgetSale(ctx.db, token);
  if (!before || before.widgetId !== widgetId) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
  // every charge still open is closed first, whatever the status says (one sale never has two payable charges)
  if (before.status !== 'completed' && before.status !== 'cancelled') await deps.closeOpenCharges(ctx, before);
  const now = new Date();
  const retry = await inBookingTransaction(ctx, async (tx) => {
    const current = await findWidgetSale(tx, token, true);
    if (!current) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
    if (current.status === 'completed') return null;
    if (current.status !== 'pending_payment' && current.status !== 'payment_failed')
      throw AppError.field('id', WIDGET_SALE_MESSAGES.notPayable);
    if (!isHoldValid(current, now)) throw AppError.field('id', WIDGET_SALE_MESSAGES.holdExpired);
    return updateBooking(tx, current.id, { status: 'pending_payment' });
  });
  if (retry) await deps.startCardPayment(ctx, retry);
  return (await findBooking(ctx.db, before.id)) ?? before;
}

// Inside the transaction that completes a paid sale: the customer's confirmation and the agency admins' notice
export async function queueWidgetSaleMails(tx: DbOrTx, sale: BookingRow): Promise<void> {
  const brand = sale.widgetId ? await loadWidgetBrand(tx, sale.widgetId) : null;
  if (!brand) return;
  await insertMail(tx, widgetSaleCustomerMail(sale, brand));
  const agency = await loadAgency(tx, sale.agencyId);
  await mailAgencyAdmins(tx, sale.agencyId, (admin) =>
    widgetSaleAgencyMail(sale, brand, admin, agency?.language ?? 'en'),
  );
}

// The widget-margins job: each sale whose tour date has passed gets its margin credited once — the ledger entry and
// the status change commit together, under the booking's row lock, and only from 'pending'
export async function creditDueMargins(db: Db, log: ServiceContext['log'], now = new Date(), limit = 100) {
  let credited = 0;
  let failed = 0;
  const today = dubaiDate(now);
  for (const id of await dueMarginIds(db, today, limit)) {
    try {
      const done = await db.transaction(async (tx) => {
        const sale = await findBooking(tx, id, true);
        if (!sale || sale.marginStatus !== 'pending' || sale.status !== 'completed' || sale.date >= today) return false;
        const marginMinor = sale.publishedTotalMinor - sale.netTotalMinor;
        if (marginMinor > 0) {
          // the agency's statement line, in the agency's language (the sale itself speaks the shop's)
          const language = (await loadAgency(tx, sale.agencyId))?.language ?? 'en';
          const posted = await postLedgerEntry(tx, {
            agencyId: sale.agencyId,
            currency: sale.currency,
            amountMinor: marginMinor,
            kind: 'commission',
            description: t(language, 'ledger:widgetMargin', { reference: sale.reference }),
            reference: sale.reference,
            bookingId: sale.id,
          });
          if (!posted) throw new Error(`margin of ${sale.reference} was not credited`);
        }
        await updateBooking(tx, sale.id, { marginStatus: 'credited' });
        return true;
      });
      if (done) credited++;
    } catch (error) {
      failed++;
      log.error({ err: error, bookingId: id }, 'could not credit a widget margin');
    }
  }
  // the others were credited; the run still counts as failed, so the job runner keeps it and backs off
  if (failed > 0) throw new Error(`${failed} widget margin(s) could not be credited`);
  return credited;
}
