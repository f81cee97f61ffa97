import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import { listAgencies } from './admin.repo.ts';
import { approveAgency } from './admin.service.ts';
import { adminAuditLog } from '../audit/audit.service.ts';

// The tours company's side: operators see and approve agencies.
export async function adminAgencyRoutes(app: FastifyInstance) {
  registerRoute(app, adminRoutes.listAgencies, async ({ query, ctx }) => {
    const rows = await listAgencies(ctx.db, query.status);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  });

  registerRoute(app, adminRoutes.approveAgency, async ({ params, ctx }) => {
    await approveAgency(ctx, params.id);
    return { ok: true as const };
  });

  registerRoute(app, adminRoutes.auditLog, async ({ query, ctx }) => adminAuditLog(ctx, query));
}
