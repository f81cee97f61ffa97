import type { FastifyInstance, FastifyRequest } from 'fastify';
import { systemRoutes } from '@portal/contract';
import { pingDatabase } from './system.repo.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { listRecentMails } from '../mail/index.ts';
import { renderMailboxPage } from './mailbox-page.tsx';

export async function systemRoutesPlugin(app: FastifyInstance) {
  // The database is probed at most once a second: under a flood the answer does not queue behind every other query,
  // and a database that stops answering still shows within two seconds.
  let lastProbeOk = 0;
  let probe: Promise<void> | null = null;
  const probeDatabase = () =>
    (probe ??= pingDatabase(app.deps.db)
      .then(() => void (lastProbeOk = Date.now()))
      .finally(() => (probe = null)));
  app.get('/healthz', async (_request, reply) => {
    const age = Date.now() - lastProbeOk;
    if (age > 2000) await probeDatabase();
    else if (age > 1000) probeDatabase().catch(() => undefined);
    return reply
      .header('Cache-Control', 'no-store')
      .send({ status: app.deps.config.maintenanceMode ? 'maintenance' : 'ok' });
  });

  const isProduction = app.deps.config.nodeEnv === 'production';
  // The dev mailbox holds reset links and temporary passwords: outside production, and only for callers on this
  // machine (the socket's address, never X-Forwarded-For)
  const mails = async (request: FastifyRequest) => {
    if (isProduction || !isLoopback(request.socket.remoteAddress)) throw AppError.notFound();
    const rows = await listRecentMails(app.deps.db, 100);
    return rows.map((m) => ({
      id: m.id,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
    }));
  };
  registerRoute(app, systemRoutes.devMailbox, ({ request }) => mails(request));
  app.get('/dev/mailbox', async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(renderMailboxPage(await mails(request))),
  );
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
