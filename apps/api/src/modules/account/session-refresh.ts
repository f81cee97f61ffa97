import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../lib/route.ts';
import { findUserById } from './account.repo.ts';
import { issueToken } from './account.service.ts';

export const REFRESHED_TOKEN_HEADER = 'x-refreshed-token';

// A session whose token no longer tells the truth about the user (authenticate set `staleClaims`: an admin changed
// their role, an operator the agency's flags) gets a fresh token on the same answer, whatever its status, so the web
// app's menus and pages follow the role matrix from the next request on. Access itself never depends on the claims.
export function refreshStaleSessions(app: FastifyInstance): void {
  // a callback hook: every answer passes here, and only a stale session needs the database
  app.addHook('onSend', (request, reply, payload, done) => {
    const actor = request.actor;
    if (!request.staleClaims || !actor) return done(null, payload);
    const refresh = async () => {
      const row = await findUserById(app.deps.db, actor.userId);
      if (row && row.user.status !== 'deleted') {
        reply.header(REFRESHED_TOKEN_HEADER, await issueToken(serviceContext(app, request), row));
      }
    };
    refresh().then(
      () => done(null, payload),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}
