import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { FIRST_PAINT_GATE_SCRIPT } from '@portal/contract/plain';
import type { AddressCounter } from '../../lib/front-door.ts';
import { addressRateLimit } from './address-rate-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    // the headers every answer on this URL starts with (the front door's answers too: lib/front-door.ts)
    securityHeadersFor: (url: string) => Readonly<Record<string, string>>;
    // the app-wide count per address, for a request read before Fastify (the front door)
    addressCounter: AddressCounter;
  }
}

// Stripe's published list of what Stripe.js needs (script, frames for the card fields and 3-D Secure, its API)
const STRIPE_ORIGINS = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};
const NO_STRIPE = { script: [], frame: [], connect: [], img: [] };
// the first HTML's one inline script (the home page's first-paint gate), allowed by its hash and nothing else inline
const FIRST_PAINT_GATE = `'sha256-${createHash('sha256').update(FIRST_PAINT_GATE_SCRIPT).digest('base64')}'`;

export const securityPlugin = fp(
  async (app) => {
    // with Stripe, the card form is Stripe.js's Payment Element on our page: its script, its frames and its API
    const stripe = app.deps.config.payment.stripePublishableKey ? STRIPE_ORIGINS : NO_STRIPE;
    const headers = staticHelmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripe.script, FIRST_PAINT_GATE],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...stripe.img],
          // the back office shows an agency's PDF documents inline from the bytes it downloaded with its token
          frameSrc: ["'self'", 'blob:', ...stripe.frame],
          connectSrc: ["'self'", ...stripe.connect],
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
    // An answer of the API (JSON, or a file sent as an attachment) is no document either (docs/decisions/0153): no
    // sniffing, no reading from another origin, no framing and nothing it could load — the OWASP set for a REST API
    const apiHeaders = { ...assetHeaders, 'content-security-policy': API_CSP };
    const headersFor = (url: string) =>
      BUILD_SCRIPT_OR_STYLE.test(url) ? assetHeaders : API_ANSWER.test(url) ? apiHeaders : headers;
    app.decorate('securityHeadersFor', headersFor);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headersFor(request.url));
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      // Anything answered to a logged-in caller may carry agency data: no shared cache (proxy, CDN) may keep it,
      // whatever the route forgot to say. Routes that chose their own rule keep it.
      if (request.headers.authorization && !reply.hasHeader('cache-control'))
        reply.header('Cache-Control', 'private, no-store');
      // a page answered under the API's paths (the sandbox's pay page) is a document after all: it gets the
      // document's headers back, keeping the policy the route set for itself
      // (the content type first: a JSON answer, nearly every one, costs one header read and no pattern)
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html') && API_ANSWER.test(request.url))
        for (const [name, value] of Object.entries(headers))
          if (name !== 'content-security-policy' || reply.getHeader(name) === API_CSP) reply.header(name, value);
      done(null, payload);
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
    // the plugin stays for the other budgets (a route's own, the reseller API's per key, the analytics' budgets);
    // the app-wide one is our callback hook (address-rate-limit.ts), in the same stores
    await app.register(rateLimit, {
      global: false,
      max: rateLimitMax,
      timeWindow: '1 minute',
      redis,
      skipOnError: true,
    });
    // the API and the widget shops and their checkout (each page reads the database) count per address; the app's
    // files do not, nor the reseller API, which has its own budget per key (per address without one: octo.routes.ts)
    // (in maintenance mode every API call is answered 503, uncounted: maintenance.ts; the shops still count)
    const counts = app.deps.config.maintenanceMode
      ? (url: string) => !url.startsWith('/api/') && countsPerAddress(url)
      : countsPerAddress;
    app.decorate('addressCounter', addressRateLimit(app, { max: rateLimitMax, redis, counts }));
  },
  { name: 'security', dependencies: [] },
);

const BUILD_SCRIPT_OR_STYLE = /^\/assets\/[^?#]+\.(js|css)(\?|$)/;
// the portal's API and the reseller API, but not the API's documentation (Swagger UI is a page)
const API_ANSWER = /^\/(?:api|octo)\/(?!docs(?:[/?#]|$))/;
const API_CSP = "default-src 'none'; frame-ancestors 'none'";
const countsPerAddress = (url: string) =>
  url.startsWith('/api/') || url.startsWith('/w/') || url.startsWith('/embedded');

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
