import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { serviceContext } from '../../lib/route.ts';
import { authenticateApiKey, type ApiKeyCaller } from '../api-keys/index.ts';
import { availabilityByOffer } from '../catalogue/index.ts';
import { OctoError } from './octo-errors.ts';
import { availabilityCalendar, availabilityCheck } from './octo-availability.service.ts';
import { cancel, confirm, extend, getBooking, listBookings, reserve, update } from './octo-bookings.service.ts';
import { asBody, type OctoCall } from './octo-call.ts';
import { getProduct, listProducts } from './octo-products.service.ts';

// Issue 30: the OCTO supplier API at /octo/v1 (https://docs.octo.travel): Bearer API key, `Octo-Capabilities`
// (octo/pricing), errors in OCTO's shape. Everything it books goes through bookings' public face
// (app.bookings.reseller): the same stock, ledger, caps and documents as the portal.

export const OCTO_PREFIX = '/octo/v1';
const SUPPORTED_CAPABILITIES = ['octo/pricing'] as const;

declare module 'fastify' {
  interface FastifyRequest {
    octoCaller?: ApiKeyCaller;
  }
}

function capabilitiesOf(request: FastifyRequest): string[] {
  const header = request.headers['octo-capabilities'];
  const asked = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((c) => c.trim());
  return SUPPORTED_CAPABILITIES.filter((c) => asked.includes(c));
}

function languageOf(request: FastifyRequest, caller: ApiKeyCaller): Language {
  const header = String(request.headers['accept-language'] ?? '').toLowerCase();
  if (/^\s*ru\b/.test(header)) return 'ru';
  if (/^\s*en\b/.test(header)) return 'en';
  return caller.language;
}

function sendError(reply: FastifyReply, error: OctoError) {
  return reply.status(error.status).type('application/json').send(error.body());
}

export async function octoRoutes(app: FastifyInstance) {
  const { config } = app.deps;

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof OctoError) return sendError(reply, error);
    if (error instanceof AppError) {
      const code = error.status === 401 ? 'UNAUTHORIZED' : error.status === 403 ? 'FORBIDDEN' : 'BAD_REQUEST';
      if (error.status === 429) return sendError(reply, new OctoError('TOO_MANY_REQUESTS', error.message));
      if (error.status >= 500) request.log.error({ err: error }, 'octo call failed');
      return sendError(reply, new OctoError(error.status >= 500 ? 'INTERNAL_SERVER_ERROR' : code, error.message));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429)
      return sendError(reply, new OctoError('TOO_MANY_REQUESTS', 'Too many requests for this API key; slow down'));
    if (status >= 400 && status < 500)
      return sendError(
        reply,
        new OctoError(
          'BAD_REQUEST',
          status === 413 ? 'The request body is too large' : 'The request could not be read',
        ),
      );
    request.log.error({ err: error }, 'octo call failed');
    return sendError(reply, new OctoError('INTERNAL_SERVER_ERROR', 'Something went wrong on our side; try again'));
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, new OctoError('NOT_FOUND', 'No such OCTO endpoint')));

  // every call names its key; a revoked key, a switched-off agency or a suspended one is refused on the next call.
  // Calls without a valid key count per client address (OCTO_RATE_LIMIT_PER_KEY a minute): past it, 429 instead of
  // 401, so one address cannot try keys without end (the app-wide limit of security.ts does not count the reseller API)
  const callsWithoutKey = app.createRateLimit({
    max: config.octoRateLimitPerKey,
    timeWindow: '1 minute',
    keyGenerator: (request) => `octo-no-key:${request.ip}`,
  });
  app.addHook('onRequest', async (request) => {
    const caller = await authenticateApiKey(app.deps, request.headers.authorization);
    if (!caller) {
      const budget = await callsWithoutKey(request);
      if (!budget.isAllowed && budget.isExceeded)
        throw new OctoError('TOO_MANY_REQUESTS', 'Too many calls without a valid API key; slow down');
      throw new OctoError('UNAUTHORIZED', 'A valid API key is required: Authorization: Bearer <key>');
    }
    request.octoCaller = caller;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // OCTO's answer header: test keys' calls run in test mode
    reply.header('Octo-Env', request.octoCaller?.isTest ? 'test' : 'live');
    reply.header('Cache-Control', 'private, no-store');
    if (request.octoCaller) reply.header('Octo-Capabilities', capabilitiesOf(request).join(', '));
    return payload;
  });

  // one budget per key for the whole API (whatever the route, whatever the spelling of the header), counted after the
  // key is known (a call without one was answered above)
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: config.octoRateLimitPerKey,
      timeWindow: '1 minute',
      keyGenerator: (request) => `octo:${request.octoCaller?.keyId ?? request.ip}`,
    }),
  );

  const callOf = async (request: FastifyRequest): Promise<OctoCall> => {
    const caller = request.octoCaller;
    if (!caller) throw new OctoError('UNAUTHORIZED', 'A valid API key is required');
    const ctx = {
      ...serviceContext(app, request),
      actor: caller.actor,
      resellerKey: { id: caller.keyId, isTest: caller.isTest },
    };
    const now = new Date();
    const snapshot = await app.catalogue.snapshot();
    return {
      ctx,
      caller,
      language: languageOf(request, caller),
      withPricing: capabilitiesOf(request).includes('octo/pricing'),
      snapshot,
      reseller: app.bookings.reseller,
      baseUrl: `${request.protocol}://${request.host}${OCTO_PREFIX}`,
      now,
      slots: async (offerId, from, to) => {
        // the portal's availability rows, kept while the offer's stock stamp and the minute (cut-offs) stay
        const versions = await app.catalogue.versions();
        const tag = `c${versions.catalogue}|s${versions.stockOf(offerId)}|${Math.floor(now.getTime() / 60_000)}`;
        return app.catalogue.memo(`octo-slots|${offerId}|${from}|${to}`, tag, async () =>
          availabilityByOffer(app.deps.db, snapshot, { id: offerId, from, to }, now),
        );
      },
    };
  };
  const uuidOf = (request: FastifyRequest) => String((request.params as { uuid?: string }).uuid ?? '');

  app.get('/capabilities', async () =>
    SUPPORTED_CAPABILITIES.map((id) => ({ id, revision: 1, required: false, dependencies: [], docs: null })),
  );
  app.get('/supplier', async (request) => {
    const site = request.site;
    return {
      id: site.id,
      name: site.legal?.legalName ?? site.name,
      endpoint: `${request.protocol}://${request.host}${OCTO_PREFIX}`,
      contact: {
        website: `${request.protocol}://${request.host}`,
        email: site.hostData.email ?? null,
        telephone: site.supportPhone ?? site.contactInfo.phone ?? null,
        address: site.hostData.address ?? null,
      },
    };
  });
  app.get('/products', async (request) => listProducts(await callOf(request)));
  app.get('/products/:id', async (request) =>
    getProduct(await callOf(request), String((request.params as { id?: string }).id ?? '')),
  );
  app.post('/availability/calendar', async (request) => availabilityCalendar(await callOf(request), request.body));
  app.post('/availability', async (request) => availabilityCheck(await callOf(request), request.body));
  app.post('/bookings', async (request) => reserve(await callOf(request), request.body));
  app.get('/bookings', async (request) => listBookings(await callOf(request), asBody(request.query)));
  app.get('/bookings/:uuid', async (request) => getBooking(await callOf(request), uuidOf(request)));
  app.patch('/bookings/:uuid', async (request) => update(await callOf(request), uuidOf(request), request.body));
  app.post('/bookings/:uuid/extend', async (request) => extend(await callOf(request), uuidOf(request), request.body));
  app.post('/bookings/:uuid/confirm', async (request) => confirm(await callOf(request), uuidOf(request), request.body));
  // OCTO names two ways to cancel: both are the same cancellation
  const cancelBooking = async (request: FastifyRequest) => cancel(await callOf(request), uuidOf(request), request.body);
  app.post('/bookings/:uuid/cancel', cancelBooking);
  app.delete('/bookings/:uuid', cancelBooking);
  // the documents a confirmed booking's voucher and tickets link to, with the same key
  for (const kind of ['voucher', 'tickets'] as const)
    app.get(`/bookings/:uuid/${kind}.pdf`, async (request, reply) => {
      const call = await callOf(request);
      await getBooking(call, uuidOf(request));
      const document = await app.bookings.reseller.document(call.ctx, uuidOf(request), kind);
      if (!document)
        throw new OctoError('UNPROCESSABLE_ENTITY', 'The documents are issued once the booking is confirmed');
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${document.fileName}"`)
        .send(document.pdf);
    });
}
