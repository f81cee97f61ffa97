import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../../lib/authenticate.ts';
import type { Actor } from '../../lib/context.ts';

type Session = { actor: Actor; checkedAt: number; expiresAt: number };

function expiryOf(header: string): number {
  try {
    const payload = JSON.parse(Buffer.from(header.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

// Catalogue reads are the hottest calls, and re-reading the user on each one costs a database round trip that
// dwarfs the cached response. A session verified by `authenticate` (signature, expiry, user still active, same
// token version) is reused for these routes for up to `recheckMs`, then verified again: a deleted agent or a
// changed password stops catalogue reads within that time, and every other route still checks at once.
export type SessionCache = {
  // the onRequest hook of the catalogue's routes
  hook: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
  // the actor of a Bearer header verified less than `recheckMs` ago; undefined when it is not known or due a check
  known: (header: string) => Actor | undefined;
};

export function sessionCache(app: FastifyInstance, recheckMs: number, maxSessions = 10_000): SessionCache {
  const sessions = new Map<string, Session>();
  const known = (header: string) => {
    const hit = sessions.get(header);
    const now = Date.now();
    return hit && now - hit.checkedAt < recheckMs && now < hit.expiresAt ? hit.actor : undefined;
  };
  const checking = new Map<string, Promise<{ actor: Actor | null; staleClaims: boolean | undefined }>>();
  const remember = (header: string, actor: Actor | null) => {
    if (!actor) return;
    if (sessions.size >= maxSessions) {
      const oldest = sessions.keys().next().value;
      if (oldest !== undefined) sessions.delete(oldest);
    }
    sessions.set(header, { actor, checkedAt: Date.now(), expiresAt: expiryOf(header.slice(7)) });
  };
  // a callback hook: the common case (a known session) finishes without a promise
  const hook = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return done();
    const actor = known(header);
    if (actor) {
      request.actor = actor;
      return done();
    }
    sessions.delete(header);
    // one check per session at a time: the requests that find it due meanwhile wait for the same answer
    let check = checking.get(header);
    if (!check) {
      check = authenticate(app, request)
        .then((actor) => {
          remember(header, actor);
          return { actor, staleClaims: request.staleClaims };
        })
        .finally(() => checking.delete(header));
      checking.set(header, check);
    }
    check.then(
      (checked) => {
        request.actor = checked.actor;
        request.staleClaims = checked.staleClaims;
        done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };
  return { hook, known };
}
