import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { MESSAGES } from '@portal/contract';
import type { Db } from '../db/client.ts';
import { agencies, users } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import type { Actor } from './context.ts';

// Every authenticated request runs this query: prepared once per database (built once, planned once per connection)
const prepared = new WeakMap<Db, ReturnType<typeof prepareUserQuery>>();
function prepareUserQuery(db: Db) {
  return db
    .select({
      id: users.id,
      agencyId: users.agencyId,
      role: users.role,
      email: users.email,
      name: users.name,
      tokenVersion: users.tokenVersion,
      agencyStatus: agencies.status,
      isWidgetsCreationAllowed: agencies.isWidgetsCreationAllowed,
      isCreditCardTopupAllowed: agencies.isCreditCardTopupAllowed,
      isApiAllowed: agencies.isApiAllowed,
    })
    .from(users)
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(and(eq(users.id, sql.placeholder('id')), ne(users.status, 'deleted')))
    .limit(1)
    .prepare('authenticate_user');
}
function userQuery(db: Db) {
  let query = prepared.get(db);
  if (!query) {
    query = prepareUserQuery(db);
    prepared.set(db, query);
  }
  return query;
}

// Verifies the bearer token and re-reads the user and their agency, so a deleted agent, a changed password or a
// suspended agency ends the session at once (a token issued before the suspension is refused on every route).
export async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<Actor | null> {
  if (request.actor) return request.actor;
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await app.deps.tokens.verify(header.slice(7).trim());
  if (!claims) return null;
  const [user] = await userQuery(app.deps.db).execute({ id: claims.sub });
  if (!user || user.tokenVersion !== claims.ver) return null;
  if (user.agencyStatus === 'suspended') throw new AppError('unauthorized', MESSAGES.agencySuspended);
  if (user.agencyStatus === 'rejected') throw new AppError('unauthorized', MESSAGES.agencyRejected);
  // The role and the agency's flags are read here on every request, never trusted from the token; a token that says
  // otherwise is answered with a fresh one (the role matrix applies at once, the menus follow)
  request.staleClaims =
    claims.role !== user.role ||
    (user.agencyId !== null &&
      (claims.isWidgetsCreationAllowed !== (user.isWidgetsCreationAllowed ?? 0) ||
        (claims.isCreditCardTopupAllowed ?? 1) !== (user.isCreditCardTopupAllowed ?? 1) ||
        (claims.isApiAllowed ?? 0) !== (user.isApiAllowed ?? 0)));
  request.actor = {
    userId: user.id,
    agencyId: user.agencyId,
    role: user.role,
    email: user.email,
    name: user.name,
    agencyStatus: user.agencyStatus,
  };
  return request.actor;
}
