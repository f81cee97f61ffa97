import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { MESSAGES } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';

// SPEC §8: 422 → [{fieldName, errorMessage}]; other errors → plain text the client shows as is; 5xx never leak internals.
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        if (error.code === 'validation') return reply.code(422).send(error.items);
        return reply.code(error.status).type('text/plain; charset=utf-8').send(error.message);
      }
      const status = error.statusCode ?? 500;
      if (status === 429) return reply.code(429).type('text/plain; charset=utf-8').send(MESSAGES.tooManyAttempts);
      if (status >= 400 && status < 500) {
        if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
          return reply.code(422).send([{ fieldName: 'body', errorMessage: 'The request body is not valid JSON' }]);
        }
        return reply.code(status).type('text/plain; charset=utf-8').send(error.message);
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).type('text/plain; charset=utf-8').send(MESSAGES.internal);
    });
  },
  { name: 'error-handler' },
);
