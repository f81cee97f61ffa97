import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { contractRoutes } from '@portal/contract';
import { buildOpenApiDocument } from '../../lib/openapi.ts';

export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      mode: 'static',
      specification: { document: buildOpenApiDocument(contractRoutes) as never },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
