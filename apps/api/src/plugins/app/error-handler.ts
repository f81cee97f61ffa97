import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { FIELD_MESSAGES, MESSAGES } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { databaseError } from '../../lib/database-error.ts';

// SPEC §8: 422 → [{fieldName, errorMessage}]; other errors → plain text the client shows as is; 5xx never leak internals.
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        if (error.retryAfterSeconds !== null) reply.header('Retry-After', String(error.retryAfterSeconds));
        if (error.code === 'validation') return reply.code(422).send(error.items);
        return reply.code(error.status).type('text/plain; charset=utf-8').send(error.message);
      }
      const status = error.statusCode ?? 500;
      if (status === 429) return reply.code(429).type('text/plain; charset=utf-8').send(MESSAGES.tooManyAttempts);
      if (status >= 400 && status < 500) {
        if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
          return reply.code(422).send([{ fieldName: 'body', errorMessage: FIELD_MESSAGES.invalidJson }]);
        }
        return reply.code(status).type('text/plain; charset=utf-8').send(error.message);
      }
      // a value the database refuses (class 22: out of range, bad encoding…) came from the request; the log gets the
      // code and the reason without the value (lib/loggable-error.ts)
      if (databaseError(error)?.code.startsWith('22')) {
        request.log.warn({ err: error }, 'request refused by the database');
        return reply.code(422).send([{ fieldName: 'body', errorMessage: MESSAGES.malformedBody }]);
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).type('text/plain; charset=utf-8').send(MESSAGES.internal);
    });
  },
  { name: 'error-handler' },
);
