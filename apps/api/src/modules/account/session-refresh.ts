import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../lib/route.ts';
import { findUserById } from './account.repo.ts';
import { issueToken } from './account.service.ts';

export const REFRESHED_TOKEN_HEADER = 'x-refreshed-token';

// A session whose token no longer tells the truth about the user (authenticate set `staleClaims`: an admin changed
// their role, an operator the agency's flags) gets a fresh token on the same answer, whatever its status, so the web
// app's menus and pages follow the role matrix from the next request on. Access itself never depends on the claims.
export function refreshStaleSessions(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.staleClaims || !request.actor) return payload;
    const row = await findUserById(app.deps.db, request.actor.userId);
    if (row && row.user.status !== 'deleted') {
      reply.header(REFRESHED_TOKEN_HEADER, await issueToken(serviceContext(app, request), row));
    }
    return payload;
  });
}
