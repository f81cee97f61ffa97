import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { agencyStatus, approvePendingAgency, listAgencies } from './admin.repo.ts';

// The tours company's side: operators see and approve agencies.
export async function adminAgencyRoutes(app: FastifyInstance) {
  registerRoute(app, adminRoutes.listAgencies, async ({ query, ctx }) => {
    const rows = await listAgencies(ctx.db, query.status);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  });

  registerRoute(app, adminRoutes.approveAgency, async ({ params, ctx }) => {
    if (await approvePendingAgency(ctx.db, params.id)) return { ok: true as const };
    const status = await agencyStatus(ctx.db, params.id);
    if (!status) throw AppError.notFound();
    if (status !== 'approved') throw AppError.field('id', `Agency is ${status} and cannot be approved`);
    return { ok: true as const };
  });
}
