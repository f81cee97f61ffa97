import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CATALOGUE_MESSAGES, bookingRoutes as routes } from '@portal/contract';
import { pickUpInputs, searchHotels } from '../catalogue/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { sendXlsx } from '../../lib/xlsx-reply.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { shownLanguage } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { loadBookingsXlsx } from '../documents/index.ts';
import type { ProviderName } from '../payments/index.ts';
import { idempotentRequest } from '../../lib/idempotency.ts';
import {
  bookingKernel,
  bookingResponse,
  cancelBooking,
  createBooking,
  declineRequest,
  getBooking,
  listAllRequests,
  listOptions,
  listVisibleBookings,
  payBooking,
  pickUpTimeFor,
  previewCancellation,
  quoteRequest,
  refreshBookingPayment,
  visibleBookingDocument,
  visibleListRows,
  type BookingsFace,
} from './index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    bookings: BookingsFace;
  }
}

export const bookingsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app.deps;
    const { face, cards, deps } = bookingKernel(app.payments, config, db, app.log);
    const payments = app.payments;
    app.decorate('bookings', face);
    if (config.holdSweepMs > 0)
      app.jobs.add({ name: 'payments-sweeper', everyMs: config.holdSweepMs, run: () => face.sweepExpiredHolds() });
    // widget sales whose tour date has passed: the agency's margin credited to its balance, once
    if (config.accountJobsMs > 0)
      app.jobs.add({
        name: 'widget-margins',
        everyMs: config.accountJobsMs,
        run: () => face.widgetSales.creditDueMargins(),
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
      const language = shownLanguage(ctx, query);
      const rows = visibleListRows(ctx, requireAgencyActor(ctx), body, language);
      // loaded on first use: the xlsx and PDF libraries would add about half a second to every start
      const { writeBookingsXlsx } = await loadBookingsXlsx();
      return sendXlsx(reply, ctx.log, `bookings-${dubaiDate()}.xlsx`, rows, (all, out) =>
        writeBookingsXlsx(all, language, out),
      );
    });

    registerRoute(app, routes.document, async ({ params, ctx, reply }) => {
      const { pdf, fileName } = await visibleBookingDocument(ctx, requireAgencyActor(ctx), params.id, params.kind);
      return sendPdf(reply, fileName, pdf);
    });

    registerRoute(app, routes.hotels, ({ query }) => searchHotels(db, query));

    registerRoute(app, routes.pickUpTime, async ({ query }) => {
      const inputs = await pickUpInputs(db, query.hotelId, query.pickUpTimeId);
      if (!inputs) throw AppError.notFound(CATALOGUE_MESSAGES.unknownHotelOrOffer);
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
