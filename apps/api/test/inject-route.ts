// Calls a route by its contract descriptor instead of a hand-typed URL: the path, method and the types of params,
// query and body come from packages/contract, so a renamed path or field fails to compile instead of answering 404.
// `payload` sends what the schema would refuse (garbage, wrong types) on purpose.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { buildPath, type RouteDescriptor } from '@portal/contract';
import { bearer } from './factories.ts';

type InputOf<T> = T extends z.ZodType ? z.input<T> : never;

export type InjectRouteOptions<R extends RouteDescriptor> = {
  params?: InputOf<R['params']>;
  query?: InputOf<R['query']>;
  body?: InputOf<R['body']>;
  // a body the schema need not accept (bad input tests)
  payload?: unknown;
  token?: string;
  idempotencyKey?: string;
  headers?: Record<string, string>;
};

// The URL the route answers on, e.g. routeUrl(bookingRoutes.detail, { params: { id } }) → /api/b2b/bookings/<id>
export function routeUrl<R extends RouteDescriptor>(
  route: R,
  options: Pick<InjectRouteOptions<R>, 'params' | 'query'> = {},
): string {
  const path = `/api${buildPath(route.path, (options.params ?? {}) as Record<string, string | number>)}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) query.append(key, String(one));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export function injectRoute<R extends RouteDescriptor>(
  app: FastifyInstance,
  route: R,
  options: InjectRouteOptions<R> = {},
) {
  const body = options.payload ?? options.body;
  return app.inject({
    method: route.method,
    url: routeUrl(route, options),
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...options.headers,
    },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}
