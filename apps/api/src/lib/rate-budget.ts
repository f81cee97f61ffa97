import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@portal/contract';
import { AppError } from './app-error.ts';

// A budget counted beside the app-wide rate limit (@fastify/rate-limit's createRateLimit counts without marking the
// request as limited, so every budget applies; with REDIS_URL they count across nodes): the analytics batches and
// support replay's uploads, each per address and per session
export type RateBudget = ReturnType<FastifyInstance['createRateLimit']>;

export async function refuseOverBudget(budget: RateBudget, request: FastifyRequest): Promise<void> {
  const result = await budget(request);
  if (!result.isAllowed && result.isExceeded)
    throw new AppError('too_many_requests', MESSAGES.tooManyAttempts, [], result.ttlInSeconds);
}
