import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, isInsightSessionId } from '@portal/contract';
import { AppError } from './app-error.ts';

// A budget counted beside the app-wide rate limit (@fastify/rate-limit's createRateLimit counts without marking the
// request as limited, so every budget applies; with REDIS_URL they count across nodes): the analytics batches and
// support replay's uploads, each per address and per session
export type RateBudget = ReturnType<FastifyInstance['createRateLimit']>;

async function refuseOverBudget(budget: RateBudget, request: FastifyRequest): Promise<void> {
  const result = await budget(request);
  if (!result.isAllowed && result.isExceeded)
    throw new AppError('too_many_requests', MESSAGES.tooManyAttempts, [], result.ttlInSeconds);
}

// A scope's two budgets a minute, counted under `kind`: per address, and per session — the well-formed `sessionId` of
// what `session.carrier` returns (the body, the query), else the address. The address is checked on request; the
// session at `session.hook` (preHandler when the carrier is the parsed body).
export function refuseOverAddressAndSessionBudgets(
  app: FastifyInstance,
  kind: string,
  max: { perAddress: number; perSession: number },
  session: { carrier: (request: FastifyRequest) => unknown; hook: 'onRequest' | 'preHandler' },
): void {
  const budgets = addressAndSessionBudgets(app, kind, max, session.carrier);
  app.addHook('onRequest', async (request) => refuseOverBudget(budgets.perAddress, request));
  app.addHook(session.hook, async (request) => refuseOverBudget(budgets.perSession, request));
}

function addressAndSessionBudgets(
  app: FastifyInstance,
  kind: string,
  max: { perAddress: number; perSession: number },
  carrier: (request: FastifyRequest) => unknown,
): { perAddress: RateBudget; perSession: RateBudget } {
  const window = { timeWindow: '1 minute' } as const;
  const sessionOf = (request: FastifyRequest) => {
    const source = carrier(request);
    const id = typeof source === 'object' && source !== null && 'sessionId' in source ? source.sessionId : undefined;
    return isInsightSessionId(id) ? id : undefined;
  };
  return {
    perAddress: app.createRateLimit({
      ...window,
      max: max.perAddress,
      keyGenerator: (request) => `${kind}-ip:${request.ip}`,
    }),
    perSession: app.createRateLimit({
      ...window,
      max: max.perSession,
      keyGenerator: (request) => `${kind}-session:${sessionOf(request) ?? request.ip}`,
    }),
  };
}
