import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { insightAdminRoutes as routes } from '@portal/contract';
import type { ServiceContext } from '../../lib/context.ts';
import { shownLanguage } from '../../lib/context.ts';
import { registerRoute } from '../../lib/route.ts';
import { sendXlsx } from '../../lib/xlsx-reply.ts';
import { sendCsv } from './insight-admin-csv.ts';
import { agenciesTable, demandTable, funnelTable, salesTable, type InsightTable } from './insight-admin-export.ts';
import * as insight from './insight-admin.service.ts';

async function* each<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

// A page's table as the file asked for; the xlsx writer loads on first use
async function sendTable(ctx: ServiceContext, reply: FastifyReply, format: 'csv' | 'xlsx', table: InsightTable) {
  if (format === 'csv') return sendCsv(reply, table);
  const { writeInsightXlsx } = await import('./insight-admin-xlsx.ts');
  return sendXlsx(reply, ctx.log, `${table.fileName}.xlsx`, each(table.rows), (rows, out) =>
    writeInsightXlsx(table, rows, out),
  );
}

// The tours company's Insight pages (issue 31 item 2, operators only): the funnel, agencies' activity, demand not
// served and sales by channel, each also as CSV or xlsx with the page's filters
export const insightAdminPlugin = fp(
  async (app: FastifyInstance) => {
    registerRoute(app, routes.options, ({ ctx }) => insight.options(ctx));
    registerRoute(app, routes.funnel, ({ query, ctx }) => insight.funnel(ctx, query));
    registerRoute(app, routes.agencies, ({ query, ctx }) => insight.agencies(ctx, query));
    registerRoute(app, routes.demand, ({ query, ctx }) => insight.demand(ctx, query));
    registerRoute(app, routes.sales, ({ query, ctx }) => insight.sales(ctx, query));

    registerRoute(app, routes.funnelExport, async ({ query, ctx, reply }) =>
      sendTable(ctx, reply, query.format, funnelTable(await insight.funnel(ctx, query), shownLanguage(ctx, query))),
    );
    registerRoute(app, routes.agenciesExport, async ({ query, ctx, reply }) => {
      const answer = await insight.agencies(ctx, query, { all: true });
      return sendTable(ctx, reply, query.format, agenciesTable(answer, shownLanguage(ctx, query)));
    });
    registerRoute(app, routes.demandExport, async ({ query, ctx, reply }) => {
      const answer = await insight.demand(ctx, query, { all: true });
      return sendTable(ctx, reply, query.format, demandTable(answer, shownLanguage(ctx, query)));
    });
    registerRoute(app, routes.salesExport, async ({ query, ctx, reply }) =>
      sendTable(ctx, reply, query.format, salesTable(await insight.sales(ctx, query), shownLanguage(ctx, query))),
    );
  },
  { name: 'insight-admin' },
);
