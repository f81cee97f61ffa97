import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import { adminAuditLog } from '../audit/index.ts';
import * as service from './admin.service.ts';

// The tours company's side: operators review, approve, reject, suspend and reinstate agencies, set their account,
// adjust their balance, read their statement, see the day on the dashboard and every change in the audit log.
export async function adminAgencyRoutes(app: FastifyInstance) {
  registerRoute(app, adminRoutes.listAgencies, async ({ query, ctx }) => service.listAgencies(ctx, query));
  registerRoute(app, adminRoutes.agency, async ({ params, ctx }) => service.agencyDetail(ctx, params.id));

  registerRoute(app, adminRoutes.approveAgency, async ({ params, ctx }) => {
    await service.approveAgency(ctx, params.id);
    return { ok: true as const };
  });
  registerRoute(app, adminRoutes.rejectAgency, async ({ params, body, ctx }) => {
    await service.rejectAgency(ctx, params.id, body.reason);
    return { ok: true as const };
  });
  registerRoute(app, adminRoutes.suspendAgency, async ({ params, body, ctx }) => {
    await service.suspendAgency(ctx, params.id, body.reason);
    return { ok: true as const };
  });
  registerRoute(app, adminRoutes.reinstateAgency, async ({ params, ctx }) => {
    await service.reinstateAgency(ctx, params.id);
    return { ok: true as const };
  });

  registerRoute(app, adminRoutes.agencySettings, async ({ params, body, ctx }) =>
    service.updateAgencySettings(ctx, params.id, body),
  );
  registerRoute(app, adminRoutes.adjustBalance, async ({ params, body, ctx, request }) =>
    service.adjustBalance(ctx, request, params.id, body),
  );
  registerRoute(app, adminRoutes.agencyStatement, async ({ params, query, ctx }) =>
    service.agencyStatement(ctx, params.id, query),
  );

  registerRoute(app, adminRoutes.dashboard, async ({ ctx }) => service.dashboard(ctx));
  registerRoute(app, adminRoutes.auditLog, async ({ query, ctx }) => adminAuditLog(ctx, query));
}
