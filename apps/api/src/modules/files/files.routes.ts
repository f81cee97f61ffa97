import type { FastifyInstance } from 'fastify';
import { isUuid, systemRoutes } from '@portal/contract';
import { findFile } from './files.repo.ts';
import { AppError } from '../../lib/app-error.ts';
import { detectFileType } from '../../lib/file-type.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireActor } from '../../lib/require-actor.ts';

const KIND_NAMES: Record<string, string> = {
  tradeLicense: 'trade-licence',
  vatCertificate: 'vat-certificate',
  contract: 'contract',
  signatoryPassport: 'signatory-passport',
  transferProof: 'transfer-proof',
};

// Files are served only to their own agency, and to the tours company's operators who review them; anything else is a
// 404, never a 403 that confirms the id exists. The name and type sent are ours, from the content (the uploader's
// `page.html` or `photo.exe` is never echoed back), and the browser is told to download, not to render.
export async function fileRoutes(app: FastifyInstance) {
  registerRoute(app, systemRoutes.downloadFile, async ({ params, ctx, reply }) => {
    const actor = requireActor(ctx);
    if (!isUuid(params.id)) throw AppError.notFound();
    if (actor.role !== 'operator' && !actor.agencyId) throw AppError.notFound();
    const file = await findFile(ctx.db, params.id, actor.role === 'operator' ? null : actor.agencyId);
    const data = file ? await ctx.storage.get(file.storageKey) : null;
    const type = data ? detectFileType(data) : null;
    if (!file || !data) throw AppError.notFound();
    const name = `${KIND_NAMES[file.kind] ?? 'document'}-${file.id.slice(0, 8)}.${type?.extension ?? 'bin'}`;
    return reply
      .header('Content-Type', type?.mime ?? 'application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, no-store')
      .send(data);
  });
}
