import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminDeskRoutes as routes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import { bookingCards } from '../bookings/index.ts';
import * as service from './desk.service.ts';

// The tours company's desk: every agency's bookings (cancel on the agency's behalf), card payments and refunds.
// After payments and bookings: a cancellation refunds through the bookings' card path, a retry through payments.
export const adminDeskRoutes = fp(
  async (app: FastifyInstance) => {
    const cards = bookingCards(app.payments);
    registerRoute(app, routes.payments, ({ query, ctx }) => service.listPayments(ctx, query));
    registerRoute(app, routes.retryRefund, ({ params, ctx }) => service.retryRefund(ctx, app.payments, params.id));
    registerRoute(app, routes.recordRefundMade, ({ params, ctx }) =>
      service.recordRefundMade(ctx, app.payments, params.id),
    );
    registerRoute(app, routes.bookings, ({ query, ctx }) => service.listBookings(ctx, query));
    registerRoute(app, routes.booking, ({ params, query, ctx }) =>
      service.bookingDetail(ctx, params.id, query.language),
    );
    registerRoute(app, routes.cancellationPreview, ({ params, ctx }) => service.cancellationPreview(ctx, params.id));
    registerRoute(app, routes.cancel, ({ params, body, ctx }) => service.cancelBooking(ctx, cards, params.id, body));
  },
  { name: 'admin-desk', dependencies: ['payments', 'bookings'] },
);
