import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { Actor } from './context.ts';

// Every authenticated request runs this query: prepared once per database (built once, planned once per connection)
const prepared = new WeakMap<Db, ReturnType<typeof prepareUserQuery>>();
function prepareUserQuery(db: Db) {
  return db
    .select({ id: users.id, agencyId: users.agencyId, role: users.role, email: users.email, name: users.name, tokenVersion: users.tokenVersion })
    .from(users)
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

// Verifies the bearer token and re-reads the user, so a deleted agent or a changed password ends the session at once.
export async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<Actor | null> {
  if (request.actor) return request.actor;
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await app.deps.tokens.verify(header.slice(7).trim());
  if (!claims) return null;
  const [user] = await userQuery(app.deps.db).execute({ id: claims.sub });
  if (!user || user.tokenVersion !== claims.ver) return null;
  request.actor = { userId: user.id, agencyId: user.agencyId, role: user.role, email: user.email, name: user.name };
  return request.actor;
}
