// The kernel as the rest of the app reaches it at run time (app.bookings): the sweeper of expired holds, the widget
// shop's sales and the reseller API, each wired once to the payments service and the stock setting. Route files and
// other modules call these, never the files behind them.
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentsService, ProviderName } from '../payments/index.ts';
import { resellerBookingDocument, widgetSaleDocument } from './booking-documents.ts';
import type { BookingDeps } from './booking-transaction.ts';
import { bookingCards, bookingPaymentOwner, releaseExpiredHolds, type BookingCards } from './card-payments.ts';
import { cancelResellerBooking, confirmResellerBooking } from './reseller-settle.ts';
import {
  extendResellerHold,
  findResellerBooking,
  holdForReseller,
  listResellerBookings,
  updateResellerBooking,
  type ResellerBookings,
} from './reseller-bookings.ts';
import {
  createWidgetSale,
  creditDueMargins,
  findWidgetSaleOf,
  refreshWidgetSale,
  retryWidgetSale,
  type WidgetSales,
} from './widget-sales.ts';

export type BookingsFace = {
  sweepExpiredHolds: () => Promise<number>;
  widgetSales: WidgetSales;
  reseller: ResellerBookings;
};

export type BookingKernel = {
  face: BookingsFace;
  cards: BookingCards;
  // what a booking verb needs from outside: the stock setting and the card provider (a route may name one)
  deps: (provider?: ProviderName) => BookingDeps;
};

export function bookingKernel(
  payments: PaymentsService,
  config: Pick<AppConfig, 'stockLocking'>,
  db: Db,
  log: FastifyBaseLogger,
): BookingKernel {
  payments.registerOwner('booking', bookingPaymentOwner({ stockLocking: config.stockLocking }));
  const cards = bookingCards(payments);
  const deps = (provider?: ProviderName): BookingDeps => ({
    stockLocking: config.stockLocking,
    startCardPayment: provider ? bookingCards(payments, provider).start : cards.start,
    closeOpenCharges: cards.cancelOpen,
  });
  const face: BookingsFace = {
    // Expired holds go back to stock; then card refunds a provider has not confirmed yet are asked again
    sweepExpiredHolds: async () => {
      const released = await releaseExpiredHolds(db, cards, log);
      await payments.retryDueRefunds();
      return released;
    },
    widgetSales: {
      create: (ctx, request) => createWidgetSale(ctx, deps(), request),
      find: (ctx, token, widgetId) => findWidgetSaleOf(ctx.db, token, widgetId),
      refresh: (ctx, token, widgetId) => refreshWidgetSale(ctx, payments, token, widgetId),
      retry: (ctx, token, widgetId) => retryWidgetSale(ctx, deps(), token, widgetId),
      document: widgetSaleDocument,
      creditDueMargins: () => creditDueMargins(db, log),
    },
    reseller: {
      hold: holdForReseller,
      extend: extendResellerHold,
      update: updateResellerBooking,
      confirm: (ctx, uuid, details) => confirmResellerBooking(ctx, deps(), uuid, details),
      cancel: (ctx, uuid, reason) => cancelResellerBooking(ctx, cards, uuid, reason),
      find: findResellerBooking,
      list: listResellerBookings,
      document: resellerBookingDocument,
    },
  };
  return { face, cards, deps };
}
