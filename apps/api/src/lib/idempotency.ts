import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ErrorItem } from '@portal/contract';
import { BOOKING_MESSAGES, MESSAGES } from '@portal/contract';
import type { Db, DbOrTx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import type { ServiceContext } from './context.ts';
import { requireAgencyActor } from './require-actor.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
// a crashed first call stops blocking its key after this long (longer than any booking with its card call can run)
const RUNNING_LEASE_SECONDS = 300;
// once the effect is committed, the call still has work to finish (a card call's charge and its redirect, mails):
// a retry in that window is told the first is still running, never answered with the half-made response; after it
// (the call crashed after its commit) the retry answers with the committed effect
const AFTER_COMMIT_LEASE_SECONDS = 30;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
// the body is hashed after the route's depth check; this bound only keeps the hash itself safe
const MAX_CANONICAL_DEPTH = 64;

function canonical(value: unknown, depth = 0): string {
  if (depth > MAX_CANONICAL_DEPTH) throw AppError.field('body', MESSAGES.bodyTooDeep);
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, depth + 1)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(scope: string, body: unknown): string {
  return createHash('sha256').update(scope).update('\n').update(canonical(body)).digest('hex');
}

function storedError(status: number, body: unknown): AppError {
  if (status === 422 && Array.isArray(body)) return AppError.validation(body as ErrorItem[]);
  const message = typeof body === 'string' ? body : BOOKING_MESSAGES.tryAgain;
  if (status === 404) return AppError.notFound(message);
  if (status === 403) return new AppError('forbidden', message);
  if (status === 401) return new AppError('unauthorized', message);
  return AppError.validation([{ fieldName: 'body', errorMessage: message }]);
}

// Raised inside a transaction whose call no longer holds its key (its lease ran out and a retry took it over):
// the transaction rolls back, so only one of the two calls can ever commit an effect.
export class IdempotencyLostError extends AppError {
  constructor() {
    super('conflict', BOOKING_MESSAGES.idempotencyRunning);
  }
}

// What a call does with its key inside the transaction that commits its effect.
export type IdempotencyClaim = {
  // records the row the call created or changed; throws IdempotencyLostError when the call lost its key
  record: (tx: DbOrTx, resourceId: string) => Promise<void>;
  // the same as one SQL statement for a CTE: returns a row when recorded (always, without a key)
  recordSql: (resourceId: SQL) => SQL;
};

export const NO_IDEMPOTENCY_KEY: IdempotencyClaim = {
  record: async () => undefined,
  recordSql: () => sql`SELECT 1`,
};

function claimFor(agencyId: string, key: string, attempt: string): IdempotencyClaim {
  const recordSql = (resourceId: SQL) => sql`UPDATE idempotency_keys SET resource_id = ${resourceId},
      locked_until = now() + make_interval(secs => ${AFTER_COMMIT_LEASE_SECONDS})
    WHERE agency_id = ${agencyId} AND key = ${key} AND attempt = ${attempt}::uuid AND resource_id IS NULL AND ${resourceId} IS NOT NULL
    RETURNING 1`;
  return {
    recordSql,
    record: async (tx, resourceId) => {
      const result = (await tx.execute(recordSql(sql`${resourceId}::uuid`))) as unknown as { rows: unknown[] };
      if (result.rows.length === 0) throw new IdempotencyLostError();
    },
  };
}

type IdempotencyInput = {
  agencyId: string;
  userId: string;
  key: string | undefined;
  scope: string;
  body: unknown;
};

// DESIGN "Idempotency": same key + same body → the stored response; same key + other body (or another agent) → 422;
// while the first call runs → 409. The key's outcome is decided in the transaction that commits the call's effect
// (`claim.record`), so a retry after a crash, a timeout or an error thrown after that commit answers with the
// effect (`replay`) instead of doing it again. A key is freed only when nothing was committed.
export async function withIdempotency<T>(
  db: Db,
  input: IdempotencyInput,
  run: (claim: IdempotencyClaim) => Promise<T>,
  replay: (resourceId: string) => Promise<T>,
): Promise<T> {
  if (input.key === undefined) return run(NO_IDEMPOTENCY_KEY);
  if (!KEY_PATTERN.test(input.key)) throw AppError.field('Idempotency-Key', BOOKING_MESSAGES.idempotencyKeyFormat);
  const hash = requestHash(input.scope, input.body);
  const where = and(eq(idempotencyKeys.agencyId, input.agencyId), eq(idempotencyKeys.key, input.key));
  const lease = sql`now() + make_interval(secs => ${RUNNING_LEASE_SECONDS})`;
  const attempt = randomUUID();
  const mine = and(where, eq(idempotencyKeys.attempt, attempt), isNull(idempotencyKeys.resourceId));
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({
      agencyId: input.agencyId,
      key: input.key,
      userId: input.userId,
      scope: input.scope,
      requestHash: hash,
      attempt,
      lockedUntil: lease,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    // the lease is read by the database's clock, the one that wrote it
    const [existing] = await db
      .select({ row: idempotencyKeys, isLeased: sql<boolean>`${idempotencyKeys.lockedUntil} > now()` })
      .from(idempotencyKeys)
      .where(where)
      .then((rows) => rows.map(({ row, isLeased }) => ({ ...row, isLeased })));
    if (!existing) throw new AppError('conflict', BOOKING_MESSAGES.idempotencyRunning);
    // another agent's key reads as a mismatch: it neither answers with their call nor confirms the key exists
    if (existing.userId !== input.userId || existing.requestHash !== hash || existing.scope !== input.scope) {
      throw AppError.field('Idempotency-Key', BOOKING_MESSAGES.idempotencyMismatch);
    }
    if (existing.state === 'done') {
      const status = existing.responseStatus ?? 200;
      if (status >= 400) throw storedError(status, existing.responseBody);
      return existing.responseBody as T;
    }
    if (existing.resourceId) {
      // the first call committed its effect and is still finishing (its card charge, say): ask again later
      if (existing.isLeased) throw new AppError('conflict', BOOKING_MESSAGES.idempotencyRunning);
      // it committed its effect and then crashed or failed before storing its answer
      const body = await replay(existing.resourceId);
      await db.update(idempotencyKeys).set({ state: 'done', responseStatus: 200, responseBody: body }).where(where);
      return body;
    }
    // still running: take it over only when the first call's lease ran out (it crashed before committing anything)
    const [takenOver] = await db
      .update(idempotencyKeys)
      .set({ attempt, lockedUntil: lease })
      .where(
        and(
          where,
          eq(idempotencyKeys.state, 'running'),
          isNull(idempotencyKeys.resourceId),
          sql`${idempotencyKeys.lockedUntil} < now()`,
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (!takenOver) throw new AppError('conflict', BOOKING_MESSAGES.idempotencyRunning);
  }
  try {
    const body = await run(claimFor(input.agencyId, input.key, attempt));
    await db
      .update(idempotencyKeys)
      .set({ state: 'done', responseStatus: 200, responseBody: body })
      .where(and(where, eq(idempotencyKeys.attempt, attempt)));
    return body;
  } catch (error) {
    // the call that took the key over decides it
    if (error instanceof IdempotencyLostError) throw error;
    // `mine` matches only while nothing was committed: a key whose effect committed before the error is kept, and
    // the retry answers with that effect
    // an effect committed before the error: the call is over, a retry may answer with the effect at once
    await db
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now()` })
      .where(and(where, eq(idempotencyKeys.attempt, attempt), isNotNull(idempotencyKeys.resourceId)));
    if (error instanceof AppError && error.status < 500 && error.status !== 409 && error.status !== 429) {
      const body = error.items.length > 0 ? error.items : error.message;
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', responseStatus: error.status, responseBody: body })
        .where(mine);
    } else {
      await db.delete(idempotencyKeys).where(mine);
    }
    throw error;
  }
}

// DESIGN "Idempotency" for a route: the agent's key from the request's Idempotency-Key header (the first one when
// sent twice), scoped to the agency and the agent of the session
export function idempotentRequest<T>(
  ctx: ServiceContext,
  request: { headers: Record<string, string | string[] | undefined>; body: unknown },
  scope: string,
  run: (claim: IdempotencyClaim) => Promise<T>,
  replay: (resourceId: string) => Promise<T>,
): Promise<T> {
  const actor = requireAgencyActor(ctx);
  const header = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(header) ? header[0] : header;
  return withIdempotency(
    ctx.db,
    { agencyId: actor.agencyId, userId: actor.userId, key, scope, body: request.body },
    run,
    replay,
  );
}
