import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import { ANY_AGENT, defineRoute } from '@portal/contract';
import { files } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';

const downloadFile = defineRoute({
  method: 'GET', path: '/b2b/files/{id}', summary: "Download one of the agency's files", tags: ['files'],
  access: ANY_AGENT, params: z.object({ id: z.string() }),
});

// Files are served only to their own agency; anything else is a 404, never a 403 that confirms the id exists.
export async function fileRoutes(app: FastifyInstance) {
  registerRoute(app, downloadFile, async ({ params, ctx, reply }) => {
    const actor = requireAgencyActor(ctx);
    if (!z.uuid().safeParse(params.id).success) throw AppError.notFound();
    const [file] = await ctx.db.select().from(files).where(and(eq(files.id, params.id), eq(files.agencyId, actor.agencyId))).limit(1);
    const data = file ? await ctx.storage.get(file.storageKey) : null;
    if (!file || !data) throw AppError.notFound();
    const fallbackName = file.originalName.replace(/[^\w.-]+/g, '_');
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', `attachment; filename="${fallbackName}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(data);
  });
}
