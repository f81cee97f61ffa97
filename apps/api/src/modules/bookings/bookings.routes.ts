import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BOOKING_MESSAGES, bookingRoutes as routes, canViewBalances } from '@portal/contract';
import { pickUpInputs, searchHotels } from '../catalogue/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { sendXlsx } from '../../lib/xlsx-reply.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { shownLanguage } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { loadBookingsXlsx, type DocumentIssuer } from '../documents/index.ts';
import { agencyBookingDocument, renderBookingDocument } from './booking-documents.ts';
import type { ServiceContext } from '../../lib/context.ts';
import {
  createWidgetSale,
  creditDueMargins,
  findWidgetSaleOf,
  refreshWidgetSale,
  retryWidgetSale,
  type WidgetSaleRequest,
  type WidgetSaleView,
} from './widget-sales.ts';
import type { ProviderName } from '../payments/index.ts';
import { bookingCards, bookingPaymentOwner, refreshBookingPayment, releaseExpiredHolds } from './card-payments.ts';
import { bookingListRow } from './booking-views.ts';
import {
  filterConditions,
  findVisibleBooking,
  findWidgetSale,
  iterateBookings,
  type BookingRow,
} from './bookings.repo.ts';
import { createBooking, pickUpTimeFor, type BookingDeps } from './create-booking.ts';
import { idempotentRequest } from '../../lib/idempotency.ts';
import {
  bookingResponse,
  cancelBooking,
  getBooking,
  listOptions,
  listVisibleBookings,
  previewCancellation,
  visibilityOf,
} from './manage-bookings.ts';
import { payBooking } from './pay-booking.ts';
import {
  cancelResellerBooking,
  confirmResellerBooking,
  extendResellerHold,
  findResellerBooking,
  holdForReseller,
  listResellerBookings,
  updateResellerBooking,
  type ResellerBookings,
} from './reseller-bookings.ts';
import { declineRequest, listAllRequests, quoteRequest } from './requests.service.ts';

// What the widget shop (widgets module) asks of bookings for its customers' checkout (issue 13)
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

declare module 'fastify' {
  interface FastifyInstance {
    bookings: { sweepExpiredHolds: () => Promise<number>; widgetSales: WidgetSales; reseller: ResellerBookings };
  }
}

export const bookingsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app.deps;
    const payments = app.payments;
    payments.registerOwner('booking', bookingPaymentOwner({ stockLocking: config.stockLocking }));
    const cards = bookingCards(payments);
    const deps = (provider?: ProviderName): BookingDeps => ({
      stockLocking: config.stockLocking,
      startCardPayment: provider ? bookingCards(payments, provider).start : cards.start,
      closeOpenCharges: cards.cancelOpen,
    });
    // Expired holds go back to stock; then card refunds a provider has not confirmed yet are asked again
    app.decorate('bookings', {
      sweepExpiredHolds: async () => {
        const released = await releaseExpiredHolds(db, cards, app.log);
        await payments.retryDueRefunds();
        return released;
      },
      widgetSales: {
        create: (ctx, request) => createWidgetSale(ctx, deps(), request),
        find: (ctx, token, widgetId) => findWidgetSaleOf(ctx.db, token, widgetId),
        refresh: (ctx, token, widgetId) => refreshWidgetSale(ctx, payments, token, widgetId),
        retry: (ctx, token, widgetId) => retryWidgetSale(ctx, deps(), token, widgetId),
        document: async (ctx, token, widgetId, kind, brand) => {
          const row = await findWidgetSale(db, token);
          if (!row || row.widgetId !== widgetId || row.status !== 'completed') return null;
          const agency = { name: brand.legalName, address: brand.address, trnNumber: '' };
          const pdf = await renderBookingDocument(ctx, row, kind, { agency, issuer: brand });
          return { pdf, fileName: `${kind}-${row.reference}.pdf` };
        },
        creditDueMargins: () => creditDueMargins(db, app.log),
      },
      reseller: {
        hold: holdForReseller,
        extend: extendResellerHold,
        update: updateResellerBooking,
        confirm: (ctx, uuid, details) => confirmResellerBooking(ctx, deps(), uuid, details),
        cancel: (ctx, uuid, reason) => cancelResellerBooking(ctx, cards, uuid, reason),
        find: findResellerBooking,
        list: listResellerBookings,
        document: async (ctx, uuid, kind) => {
          const row = await findResellerBooking(ctx, uuid);
          if (!row || row.status !== 'completed') return null;
          const pdf = await agencyBookingDocument(ctx, row, kind);
          return { pdf, fileName: `${kind}-${row.reference}.pdf` };
        },
      },
    });

    // booking decisions by outcome, for /metrics
    const decided = (route: string, outcome: string) => app.metrics.bookingDecisions.inc({ route, outcome });
    // DESIGN "Idempotency": each call that moves money or stock takes the agent's Idempotency-Key
    const create = (route: typeof routes.create, paymentMethod: 'balance' | 'card', provider?: ProviderName) =>
      registerRoute(app, route, async ({ body, ctx, request }) => {
        try {
          const result = await idempotentRequest(
            ctx,
            request,
            route.path,
            (claim) => createBooking(ctx, deps(provider), body, paymentMethod, claim),
            (id) => bookingResponse(ctx, id),
          );
          decided(route.path, result.booking.status);
          return result;
        } catch (error) {
          const status = error instanceof AppError ? error.status : 500;
          decided(route.path, status === 409 ? 'busy' : status < 500 ? 'refused' : 'error');
          throw error;
        }
      });
    create(routes.create, 'balance');
    create(routes.createWithPaymentIntent, 'card');
    // Tap when it is configured, else the default provider (the sandbox plays it on the embedded default)
    create(routes.createWithTapCharge, 'card', payments.hasProvider('tap') ? 'tap' : undefined);

    registerRoute(app, routes.pay, ({ params, body, ctx, request }) =>
      idempotentRequest(
        ctx,
        request,
        `pay:${params.id}`,
        (claim) => payBooking(ctx, deps(), params.id, body.paymentMethod, claim),
        (id) => bookingResponse(ctx, id),
      ),
    );

    registerRoute(app, routes.list, ({ query, ctx }) =>
      listVisibleBookings(ctx, { page: query.page, onPage: query.onPage }, false, shownLanguage(ctx, query)),
    );
    registerRoute(app, routes.filtered, ({ query, body, ctx }) =>
      listVisibleBookings(ctx, body, false, shownLanguage(ctx, query)),
    );
    registerRoute(app, routes.requests, ({ query, body, ctx }) =>
      listVisibleBookings(ctx, body, true, shownLanguage(ctx, query)),
    );
    registerRoute(app, routes.options, ({ query, ctx }) => listOptions(ctx, shownLanguage(ctx, query)));
    registerRoute(app, routes.detail, ({ params, query, ctx }) =>
      getBooking(ctx, params.id, { language: query.language }),
    );
    registerRoute(app, routes.requestDetail, ({ params, query, ctx }) =>
      getBooking(ctx, params.id, { onlyRequests: true, language: query.language }),
    );
    registerRoute(app, routes.cancellationPreview, ({ params, ctx }) => previewCancellation(ctx, params.id));
    registerRoute(app, routes.cancel, ({ params, body, ctx, request }) =>
      idempotentRequest(
        ctx,
        request,
        `cancel:${params.id}`,
        (claim) => cancelBooking(ctx, params.id, cards, claim, body),
        (id) => getBooking(ctx, id),
      ),
    );
    registerRoute(app, routes.paymentStatus, async ({ params, ctx }) => ({
      booking: await refreshBookingPayment(ctx, payments, params.id),
    }));

    registerRoute(app, routes.download, async ({ query, body, ctx, reply }) => {
      const actor = requireAgencyActor(ctx);
      const language = shownLanguage(ctx, query);
      const conditions = filterConditions(visibilityOf(actor), body, false);
      const rows = (async function* () {
        for await (const { booking, agentName } of iterateBookings(db, conditions))
          yield bookingListRow(booking, agentName, language, canViewBalances(actor.role));
      })();
      // loaded on first use: the xlsx and PDF libraries would add about half a second to every start
      const { writeBookingsXlsx } = await loadBookingsXlsx();
      return sendXlsx(reply, ctx.log, `bookings-${dubaiDate()}.xlsx`, rows, (all, out) =>
        writeBookingsXlsx(all, language, out),
      );
    });

    registerRoute(app, routes.document, async ({ params, ctx, reply }) => {
      const actor = requireAgencyActor(ctx);
      const row = await findVisibleBooking(db, visibilityOf(actor), params.id);
      if (!row) throw AppError.notFound(BOOKING_MESSAGES.unknownBooking);
      if (row.status !== 'completed') throw AppError.notFound('The documents are issued once the booking is completed');
      // a widget sale's customer paid the portal, not the agency: there is no invoice to the agency for it
      if (params.kind === 'invoice' && row.channel === 'widget')
        throw AppError.notFound('No invoice for a widget sale');
      const pdf = await agencyBookingDocument(ctx, row, params.kind);
      return sendPdf(reply, `${params.kind}-${row.reference}.pdf`, pdf);
    });

    registerRoute(app, routes.hotels, ({ query }) => searchHotels(db, query));

    registerRoute(app, routes.pickUpTime, async ({ query }) => {
      const inputs = await pickUpInputs(db, query.hotelId, query.pickUpTimeId);
      if (!inputs) throw AppError.notFound('Unknown hotel or offer');
      if (!inputs.hasPickUp) return { value: null };
      const start = query.startTime ?? inputs.openingTime;
      return { value: start ? pickUpTimeFor(start, inputs.lead) : null };
    });

    // Operator (tours company) side of quotation requests
    registerRoute(app, routes.adminRequests, ({ query, ctx }) => listAllRequests(ctx, query));
    registerRoute(app, routes.adminQuote, ({ params, body, ctx }) => quoteRequest(ctx, params.id, body));
    registerRoute(app, routes.adminDecline, ({ params, body, ctx }) => declineRequest(ctx, params.id, body.reason));
  },
  { name: 'bookings', dependencies: ['payments'] },
);
