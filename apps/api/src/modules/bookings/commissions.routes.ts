import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { commissionRoutes as routes } from '@portal/contract';
import { shownLanguage } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { registerRoute } from '../../lib/route.ts';
import { sendXlsx } from '../../lib/xlsx-reply.ts';
import { loadCommissionsXlsx } from '../documents/index.ts';
import { commissionRows, listCommissions } from './commissions.service.ts';

// SPEC §2 /my-commissions: what completed bookings earned (published − net), on screen and as xlsx
export const commissionsPlugin = fp(
  async (app: FastifyInstance) => {
    registerRoute(app, routes.list, ({ query, body, ctx }) => listCommissions(ctx, body, shownLanguage(ctx, query)));
    registerRoute(app, routes.download, async ({ query, body, ctx, reply }) => {
      const language = shownLanguage(ctx, query);
      // loaded on first use, as the bookings export is
      const { writeCommissionsXlsx } = await loadCommissionsXlsx();
      return sendXlsx(
        reply,
        ctx.log,
        `commissions-${dubaiDate()}.xlsx`,
        commissionRows(ctx, body, language),
        (all, out) => writeCommissionsXlsx(all, language, out),
      );
    });
  },
  { name: 'commissions', dependencies: ['bookings'] },
);
