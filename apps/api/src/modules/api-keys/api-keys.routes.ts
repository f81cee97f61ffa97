import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiKeyRoutes as routes, CreateApiKeyBody } from '@portal/contract';
import { registerRoute } from '../../lib/route.ts';
import {
  createApiKey,
  listAgencyApiKeys,
  listApiKeys,
  refillTestBalance,
  revokeAgencyApiKey,
  revokeApiKey,
} from './api-keys.service.ts';

export const apiKeyRoutesPlugin = fp(
  async (app: FastifyInstance) => {
    registerRoute(app, routes.list, ({ ctx }) => listApiKeys(ctx));
    registerRoute(app, routes.create, ({ ctx, body }) => createApiKey(ctx, CreateApiKeyBody.parse(body)));
    registerRoute(app, routes.refillTestBalance, ({ ctx }) => refillTestBalance(ctx));
    registerRoute(app, routes.revoke, ({ ctx, params }) => revokeApiKey(ctx, params.id));
    registerRoute(app, routes.agencyKeys, async ({ ctx, params }) => ({
      keys: await listAgencyApiKeys(ctx, params.id),
    }));
    registerRoute(app, routes.revokeAgencyKey, ({ ctx, params }) => revokeAgencyApiKey(ctx, params.id, params.keyId));
  },
  { name: 'api-keys' },
);
