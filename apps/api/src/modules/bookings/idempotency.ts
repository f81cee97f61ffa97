import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ErrorItem } from '@portal/contract';
import { BOOKING_MESSAGES } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
// a crashed first call stops blocking its key after this long (longer than any booking with its card call can run)
const RUNNING_LEASE_SECONDS = 300;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
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

export type StoredResponse<T> = { status: number; body: T; replayed: boolean };

// DESIGN "Idempotency": same key + same body → the stored response; same key + other body → 422; while the first
// call runs → 409. Validation and business errors (4xx) are stored like successes; a retryable 409 or a 5xx frees
// the key so the client can try again.
export async function withIdempotency<T>(
  db: Db,
  input: { agencyId: string; key: string | undefined; scope: string; body: unknown },
  run: () => Promise<T>,
): Promise<StoredResponse<T>> {
  if (input.key === undefined) return { status: 200, body: await run(), replayed: false };
  if (!KEY_PATTERN.test(input.key)) throw AppError.field('Idempotency-Key', BOOKING_MESSAGES.idempotencyKeyFormat);
  const hash = requestHash(input.scope, input.body);
  const where = and(eq(idempotencyKeys.agencyId, input.agencyId), eq(idempotencyKeys.key, input.key));
  const lease = sql`now() + make_interval(secs => ${RUNNING_LEASE_SECONDS})`;
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ agencyId: input.agencyId, key: input.key, scope: input.scope, requestHash: hash, lockedUntil: lease })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [existing] = await db.select().from(idempotencyKeys).where(where);
    if (!existing) throw new AppError('conflict', BOOKING_MESSAGES.idempotencyRunning);
    if (existing.requestHash !== hash || existing.scope !== input.scope) throw AppError.field('Idempotency-Key', BOOKING_MESSAGES.idempotencyMismatch);
    if (existing.state === 'done') {
      const status = existing.responseStatus ?? 200;
      if (status >= 400) throw storedError(status, existing.responseBody);
      return { status, body: existing.responseBody as T, replayed: true };
    }
    // still running: take it over only when the first call's lease ran out (it crashed)
    const [takenOver] = await db
      .update(idempotencyKeys)
      .set({ lockedUntil: lease })
      .where(and(where, eq(idempotencyKeys.state, 'running'), sql`${idempotencyKeys.lockedUntil} < now()`))
      .returning({ key: idempotencyKeys.key });
    if (!takenOver) throw new AppError('conflict', BOOKING_MESSAGES.idempotencyRunning);
  }
  try {
    const body = await run();
    await db.update(idempotencyKeys).set({ state: 'done', responseStatus: 200, responseBody: body }).where(where);
    return { status: 200, body, replayed: false };
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.status !== 409 && error.status !== 429) {
      const body = error.items.length > 0 ? error.items : error.message;
      await db.update(idempotencyKeys).set({ state: 'done', responseStatus: error.status, responseBody: body }).where(where);
    } else {
      await db.delete(idempotencyKeys).where(where);
    }
    throw error;
  }
}
