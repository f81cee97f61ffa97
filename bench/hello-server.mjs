// The baseline: a bare Fastify hello-world on the same machine, in its own process like the real server.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// The same bare server sending a body of n bytes (as a compressed JSON answer is sent: random, so as incompressible):
// what the body's size alone costs on this machine, the ceiling of a cached answer of that size (issue 32)
const bodies = new Map();
app.get('/bytes/:n', (request, reply) => {
  const n = Math.min(Number(request.params.n) || 0, 10_000_000);
  let body = bodies.get(n);
  if (!body) bodies.set(n, (body = randomBytes(n)));
  reply.header('content-type', 'application/json; charset=utf-8').header('content-encoding', 'br').send(body);
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
