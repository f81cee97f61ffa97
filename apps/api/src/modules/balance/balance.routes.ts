import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMPANY_MESSAGES, balanceRoutes as routes, bookingRoutes, monthKey, monthRange } from '@portal/contract';
import { readOneUpload } from '../../lib/upload.ts';
import { idempotentRequest } from '../../lib/idempotency.ts';
import { registerRoute } from '../../lib/route.ts';
import { sendPdf } from '../../lib/pdf-reply.ts';
import { sendXlsx } from '../../lib/xlsx-reply.ts';
import { issuerOf, loadReconciliationXlsx, loadStatementPdf, loadStatementXlsx } from '../documents/index.ts';
import { issueDueInvoices } from '../invoices/index.ts';
import { sendLowBalanceAlerts } from './low-balance.service.ts';
import {
  balanceCovers,
  balanceOf,
  depositDetails,
  monthProforma,
  monthTaxInvoice,
  monthlySummary,
  reconciliationRows,
  statement,
  statementExportHead,
  statementRows,
} from './balance.service.ts';
import { closeStaleCardTopUps, topUpPaymentOwner } from './top-up-card-payments.ts';
import { attachTransferProof, confirmTransfer, rejectTransfer } from './top-up-transfers.service.ts';
import {
  createTopUp,
  getTopUp,
  listAgencyTopUps,
  listAllTopUps,
  quoteTopUp,
  topUpResponse,
} from './top-ups.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    balance: { closeStaleCardTopUps: () => Promise<number> };
  }
}

// The agency's money (issue "Agency money"): balance, monthly summary, statement and its xlsx, bank deposit details,
// top-ups by card (a payment owner beside bookings) and by bank transfer, and the operator's confirmation.
export const balancePlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.deps;
    const payments = app.payments;
    payments.registerOwner('topUp', topUpPaymentOwner());
    app.decorate('balance', { closeStaleCardTopUps: () => closeStaleCardTopUps(db, payments, app.log) });
    const { config } = app.deps;
    // card top-ups whose payment stayed open past its time end unpaid (a payment that went through is credited)
    if (config.holdSweepMs > 0)
      app.jobs.add({
        name: 'top-ups-sweeper',
        everyMs: config.holdSweepMs,
        run: () => app.balance.closeStaleCardTopUps(),
      });
    // SPEC §9: from the 3rd, last month's tax invoices (a download issues one sooner; each is issued once)
    if (config.accountJobsMs > 0)
      app.jobs.add({ name: 'tax-invoices', everyMs: config.accountJobsMs, run: () => issueDueInvoices(app.deps) });
    // admins mailed once when the available amount falls below 40 % and 20 % of the last top-up's
    if (config.balanceAlertMs > 0)
      app.jobs.add({
        name: 'low-balance-alerts',
        everyMs: config.balanceAlertMs,
        run: () => sendLowBalanceAlerts(app.deps),
      });

    registerRoute(app, bookingRoutes.balance, ({ query, ctx }) => balanceOf(ctx, query.currencyCode));
    registerRoute(app, bookingRoutes.balanceCovers, ({ query, ctx }) =>
      balanceCovers(ctx, query.amount, query.currencyCode),
    );
    registerRoute(app, routes.summary, ({ query, ctx }) => monthlySummary(ctx, query.year));
    registerRoute(app, routes.statement, ({ query, ctx }) => statement(ctx, query));
    registerRoute(app, routes.statementXlsx, async ({ query, ctx, reply }) => {
      const period = { from: query.from, to: query.to };
      const { agency, head } = await statementExportHead(ctx, period);
      const language = query.language ?? agency.language;
      // loaded on first use, as the bookings export is
      const { writeStatementXlsx } = await loadStatementXlsx();
      const rows = statementRows(db, { agencyId: agency.id, currency: head.currency }, period);
      return sendXlsx(reply, ctx.log, `statement-${query.from}-${query.to}.xlsx`, rows, (all, out) =>
        writeStatementXlsx(head, all, language, out),
      );
    });
    registerRoute(app, routes.statementPdf, async ({ query, ctx, reply }) => {
      const period = { from: query.from, to: query.to };
      const { agency, head } = await statementExportHead(ctx, period);
      const { renderStatementPdf } = await loadStatementPdf();
      const rows = statementRows(db, { agencyId: agency.id, currency: head.currency }, period);
      const issuer = issuerOf(ctx.sites.byId(agency.siteId) ?? ctx.site);
      const pdf = await renderStatementPdf(head, rows, issuer, query.language ?? agency.language);
      return sendPdf(reply, `statement-${query.from}-${query.to}.pdf`, pdf);
    });
    registerRoute(app, routes.taxInvoicePdf, async ({ params, ctx, reply }) => {
      const { pdf, fileName } = await monthTaxInvoice(ctx, params);
      return sendPdf(reply, fileName, pdf);
    });
    registerRoute(app, routes.reconciliationXlsx, async ({ params, query, ctx, reply }) => {
      const period = monthRange(params);
      const { agency, head } = await statementExportHead(ctx, period);
      const { writeReconciliationXlsx } = await loadReconciliationXlsx();
      const rows = reconciliationRows(db, { agencyId: agency.id, currency: head.currency }, period);
      const reconciliation = {
        ...params,
        agencyName: agency.name,
        currency: head.currency,
        openingBalanceMinor: head.openingBalanceMinor,
      };
      return sendXlsx(reply, ctx.log, `reconciliation-${monthKey(params)}.xlsx`, rows, (all, out) =>
        writeReconciliationXlsx(reconciliation, all, query.language ?? agency.language, out),
      );
    });
    registerRoute(app, routes.proformaPdf, async ({ params, query, ctx, reply }) => {
      const { pdf, fileName } = await monthProforma(ctx, params, query.language);
      return sendPdf(reply, fileName, pdf);
    });
    registerRoute(app, routes.depositDetails, ({ ctx }) => depositDetails(ctx));
    registerRoute(app, routes.topUpFee, ({ query, ctx }) => quoteTopUp(ctx, query));

    // DESIGN "Idempotency": a top-up takes the agent's Idempotency-Key like a booking does
    registerRoute(app, routes.topUp, ({ body, ctx, request }) =>
      idempotentRequest(
        ctx,
        request,
        routes.topUp.path,
        (claim) => createTopUp(ctx, payments, body, claim),
        (id) => topUpResponse(ctx, id),
      ),
    );
    registerRoute(app, routes.topUps, ({ query, ctx }) => listAgencyTopUps(ctx, query.status));
    registerRoute(app, routes.topUpDetail, ({ params, ctx }) => getTopUp(ctx, payments, params.id));
    registerRoute(app, routes.topUpProof, async ({ params, ctx, request }) =>
      attachTransferProof(ctx, params.id, () => readOneUpload(request, COMPANY_MESSAGES.fileRequired)),
    );
    registerRoute(app, routes.adminTopUps, ({ query, ctx }) => listAllTopUps(ctx, query.status));
    registerRoute(app, routes.adminConfirmTopUp, ({ params, ctx }) => confirmTransfer(ctx, params.id));
    registerRoute(app, routes.adminRejectTopUp, ({ params, body, ctx }) => rejectTransfer(ctx, params.id, body.reason));
  },
  { name: 'balance', dependencies: ['payments'] },
);
