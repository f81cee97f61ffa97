import type { FastifyInstance } from 'fastify';
import { and, desc, eq, min } from 'drizzle-orm';
import { adminRoutes } from '@portal/contract';
import { agencies, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';

// The tours company's side: operators see and approve agencies.
export async function adminAgencyRoutes(app: FastifyInstance) {
  registerRoute(app, adminRoutes.listAgencies, async ({ query, ctx }) => {
    const rows = await ctx.db
      .select({
        id: agencies.id,
        name: agencies.name,
        siteId: agencies.siteId,
        status: agencies.status,
        currency: agencies.currency,
        tradeLicenseNumber: agencies.tradeLicenseNumber,
        createdAt: agencies.createdAt,
        adminEmail: min(users.email),
      })
      .from(agencies)
      .leftJoin(users, and(eq(users.agencyId, agencies.id), eq(users.role, 'admin')))
      .where(query.status ? eq(agencies.status, query.status) : undefined)
      .groupBy(agencies.id)
      .orderBy(desc(agencies.createdAt))
      .limit(500);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  });

  registerRoute(app, adminRoutes.approveAgency, async ({ params, ctx }) => {
    const [row] = await ctx.db
      .update(agencies)
      .set({ status: 'approved' })
      .where(and(eq(agencies.id, params.id), eq(agencies.status, 'pending')))
      .returning({ id: agencies.id });
    if (!row) {
      const [existing] = await ctx.db
        .select({ status: agencies.status })
        .from(agencies)
        .where(eq(agencies.id, params.id));
      if (!existing) throw AppError.notFound();
      if (existing.status !== 'approved')
        throw AppError.field('id', `Agency is ${existing.status} and cannot be approved`);
    }
    return { ok: true as const };
  });
}
