import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';

export const securityPlugin = fp(
  async (app) => {
    const headers = staticHelmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // the back office shows an agency's PDF documents inline from the bytes it downloaded with its token
          frameSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    // A script or stylesheet of the build is no document: a policy about framing, scripts or referrers means nothing
    // on it, so it carries only the two headers that protect the file itself (a phone's first load fetches dozens)
    const assetHeaders = {
      'x-content-type-options': headers['x-content-type-options'] ?? 'nosniff',
      'cross-origin-resource-policy': headers['cross-origin-resource-policy'] ?? 'same-origin',
    };
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(BUILD_SCRIPT_OR_STYLE.test(request.url) ? assetHeaders : headers);
    });
    // Anything answered to a logged-in caller may carry agency data: no shared cache (proxy, CDN) may keep it,
    // whatever the route forgot to say. Routes that chose their own rule keep it.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.headers.authorization && !reply.hasHeader('cache-control'))
        reply.header('Cache-Control', 'private, no-store');
      return payload;
    });
    const { redisUrl, rateLimitMax } = app.deps.config;
    // ioredis loads only when a shared store is configured (it costs start-up time otherwise)
    const redis = redisUrl
      ? new (await import('ioredis')).Redis(redisUrl, {
          connectTimeout: 1000,
          maxRetriesPerRequest: 1,
          lazyConnect: false,
        })
      : undefined;
    if (redis) app.addHook('onClose', async () => void redis.quit());
    await app.register(rateLimit, {
      global: true,
      max: rateLimitMax,
      timeWindow: '1 minute',
      redis,
      skipOnError: true,
      // the API, and the widget shops (each page reads the database), count per address; the app's files do not
      allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/w/'),
    });
  },
  { name: 'security', dependencies: [] },
);

const BUILD_SCRIPT_OR_STYLE = /^\/assets\/[^?#]+\.(js|css)(\?|$)/;

// Without nonces helmet's headers are the same on every response: compute them once instead of per request.
function staticHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as never, response as never, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}
