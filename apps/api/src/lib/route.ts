import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ErrorItem, RouteDescriptor } from '@portal/contract';
import { MESSAGES, isInsightSessionId } from '@portal/contract';
import { AppError } from './app-error.ts';
import type { Actor, ServiceContext } from './context.ts';
import { authenticate } from './authenticate.ts';
import { checkInput } from './input-guard.ts';

type Defined<T> = Exclude<T, undefined>;
type Infer<T> = [Defined<T>] extends [never]
  ? undefined
  : Defined<T> extends z.ZodType
    ? z.output<Defined<T>>
    : undefined;
type ResponseOf<T> = [Defined<T>] extends [never]
  ? unknown
  : Defined<T> extends z.ZodType
    ? z.input<Defined<T>>
    : unknown;

export type HandlerInput<R extends RouteDescriptor> = {
  body: Infer<R['body']>;
  query: Infer<R['query']>;
  params: Infer<R['params']>;
  ctx: ServiceContext;
  request: FastifyRequest;
  reply: FastifyReply;
};

const EXPECTED_MESSAGES: Record<string, string> = {
  number: MESSAGES.expectedNumber,
  int: MESSAGES.expectedNumber,
  bigint: MESSAGES.expectedNumber,
  string: MESSAGES.expectedText,
  boolean: MESSAGES.expectedBoolean,
  array: MESSAGES.expectedList,
  object: MESSAGES.expectedObject,
};

// A value of the wrong type says what was expected, unless the schema gave a message of its own for it; a missing
// one (or null where null is not allowed) is "required". Needs the issue's input (`reportInput`).
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_type') return issue.message;
  if (issue.input === undefined || issue.input === null) return MESSAGES.required;
  const isOwn = issue.message !== MESSAGES.required && !issue.message.startsWith('Invalid input');
  return isOwn ? issue.message : (EXPECTED_MESSAGES[issue.expected] ?? MESSAGES.wrongType);
}

export function issuesToItems(issues: readonly z.core.$ZodIssue[], fallbackField: string): ErrorItem[] {
  return issues.map((issue) => ({
    fieldName: issue.path.length > 0 ? issue.path.map(String).join('.') : fallbackField,
    errorMessage: messageOf(issue),
  }));
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, fallbackField: string): z.output<S> {
  const refused = checkInput(value, fallbackField);
  if (refused) throw AppError.validation([refused]);
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) throw AppError.validation(issuesToItems(result.error.issues, fallbackField));
  return result.data;
}

// The path a request is on, as the app-wide rules read it (the rate limit per address, maintenance mode): the pattern
// of the route it matched — the router decodes `/%61pi/…` and absolute-form URLs — else the URL as sent (no route)
export function requestPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url;
}

export function toFastifyPath(path: string): string {
  return `/api${path.replace(/\{(\w+)\}/g, ':$1')}`;
}

// Every field named (the type makes sure none is missed): spreading the app's deps into each request's context cost
// a tenth of a cached catalogue read in the CPU profile
export function serviceContext(app: FastifyInstance, request: FastifyRequest): ServiceContext {
  const { db, config, sites, storage, tokens, log, kickMail, kickPasswordResets } = app.deps;
  return {
    db,
    config,
    sites,
    storage,
    tokens,
    log,
    kickMail,
    kickPasswordResets,
    site: request.site,
    actor: request.actor,
    ip: request.ip,
    insightSessionId: insightSessionOf(request),
  };
}

// A well-formed session id or nothing: whatever else a client sends there is ignored
function insightSessionOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-insight-session'];
  return isInsightSessionId(value) ? value : undefined;
}

// The route's access rule on the server: 401 without a valid session, 403 for a role the route does not admit
export async function checkAccess(
  app: FastifyInstance,
  route: RouteDescriptor,
  request: FastifyRequest,
): Promise<void> {
  if (route.access.kind !== 'user') return;
  const actor = await authenticate(app, request);
  if (!actor) throw new AppError('unauthorized', MESSAGES.unauthorized);
  if (!roleAllowed(route, actor)) throw new AppError('forbidden', MESSAGES.forbidden);
}

// Whether an authenticated actor (or none) may call the route, by its access rule alone: the one role check, for
// checkAccess and for a handler that answers from what an earlier hook already verified (the catalogue's cached reads)
export function roleAllowed(route: RouteDescriptor, actor: Actor | null): boolean {
  if (route.access.kind !== 'user') return true;
  return actor !== null && route.access.roles.includes(actor.role);
}

// params, query and body through the contract's schemas (422 with field items)
export function parseInput<R extends RouteDescriptor>(
  route: R,
  request: FastifyRequest,
): Pick<HandlerInput<R>, 'params' | 'query' | 'body'> {
  const params = (route.params ? parseOrThrow(route.params, request.params, 'params') : undefined) as Infer<
    R['params']
  >;
  const query = (route.query ? parseOrThrow(route.query, request.query, 'query') : undefined) as Infer<R['query']>;
  const body = (route.body && !route.multipart ? parseOrThrow(route.body, request.body, 'body') : undefined) as Infer<
    R['body']
  >;
  return { params, query, body };
}

// Registers a contract route: validates params/query/body with the contract's schemas (422 with field items),
// enforces access on the server, and passes the response through its schema so no column leaks.
export function registerRoute<R extends RouteDescriptor>(
  app: FastifyInstance,
  route: R,
  handler: (input: HandlerInput<R>) => Promise<ResponseOf<R['response']>>,
): void {
  app.route({
    method: route.method,
    url: toFastifyPath(route.path),
    handler: async (request, reply) => {
      await checkAccess(app, route, request);
      const { params, query, body } = parseInput(route, request);
      const result = await handler({ body, query, params, ctx: serviceContext(app, request), request, reply });
      if (reply.sent) return reply;
      return route.response ? route.response.parse(result) : result;
    },
  });
}
