import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

// The API's documentation (Swagger UI and the OpenAPI document generated from the contract) is made on its first
// request, not at start-up: building the document from the zod schemas and loading Swagger UI with its static-file
// server was a quarter of the plugins' start-up time. The docs run in a Fastify instance of their own, and each
// request under /api/docs is passed to it; its answer (status, headers, body) goes out as it came, behind this app's
// own hooks (security headers, rate limit). What it does not know gets this app's 404, as before.
async function createDocsApp(): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }, { contractRoutes }, { buildOpenApiDocument }] =
    await Promise.all([
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
      import('@portal/contract'),
      import('../../lib/openapi.ts'),
    ]);
  const docs = Fastify({ logger: false });
  await docs.register(swagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument(contractRoutes) as never },
  });
  await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await docs.ready();
  return docs;
}

// hop-by-hop and length headers are this app's to set for its own reply
const NOT_FORWARDED = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']);

export const docsPlugin = fp(
  async (app) => {
    let docs: Promise<FastifyInstance> | null = null;
    const docsApp = () =>
      (docs ??= createDocsApp().catch((error: unknown) => {
        docs = null;
        throw error;
      }));
    app.addHook('onClose', async () => {
      if (docs) await (await docs.catch(() => null))?.close();
    });
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      // a HEAD request asks the docs for the GET answer: Fastify's own HEAD route sends its headers without the body
      const answer = await (await docsApp()).inject({ method: 'GET', url: request.url, headers: request.headers });
      for (const [name, value] of Object.entries(answer.headers))
        if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
      // a file Swagger UI does not have: this app's 404 (with Swagger UI's security policy, as when it ran here)
      if (answer.statusCode === 404) return reply.callNotFound();
      reply.code(answer.statusCode);
      return answer.rawPayload.length > 0 ? reply.send(answer.rawPayload) : reply.send();
    };
    // the routes Swagger UI has under its prefix
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/*'])
      app.get(url, forward);
  },
  { name: 'docs' },
);
