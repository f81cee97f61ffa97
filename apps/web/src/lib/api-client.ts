import type { z } from 'zod';
import { FIRST_PAGE_ROUTES, MESSAGES, buildPath, type FirstPageRouteKey } from '@portal/contract/plain';
import type { ErrorItem as ErrorItemType, FirstPageRoutes, HttpMethod, RouteDescriptor } from '@portal/contract';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { i18n, translateMessage } from './i18n';
import { insightSessionId } from './insight';
import { notify } from './notify';
import { clearSession, getAccessToken, saveToken } from './session';

export type ApiErrorKind = 'http' | 'network' | 'redirect' | 'parse';

export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  readonly items: ErrorItemType[];
  readonly body: string;
  // fields whose message a form already shows under the input: the 422 toast leaves them out
  readonly shownFields = new Set<string>();

  constructor(
    message: string,
    options: { status?: number; kind?: ApiErrorKind; items?: ErrorItemType[]; body?: string } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status ?? 0;
    this.kind = options.kind ?? 'http';
    this.items = options.items ?? [];
    this.body = options.body ?? '';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// A form that put this field's message under its input says so; the 422 toast then leaves that line out.
export function markFieldShown(error: unknown, fieldName: string): void {
  if (isApiError(error)) error.shownFields.add(fieldName);
}

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateTo: Navigate = (to) => window.location.assign(to);

// The router registers itself so the client can redirect without a full reload.
export function registerNavigator(navigate: Navigate) {
  navigateTo = navigate;
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  auth?: boolean;
  headers?: Record<string, string>;
};

function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

function isJsonResponse(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('application/json') || type.includes('+json');
}

async function readBody(response: Response): Promise<{ text: string; json: unknown; isJson: boolean }> {
  const text = await response.text();
  if (!text || !isJsonResponse(response)) return { text, json: undefined, isJson: false };
  try {
    return { text, json: JSON.parse(text), isJson: true };
  } catch {
    return { text, json: undefined, isJson: false };
  }
}

// The 422 body `[{ fieldName, errorMessage }]`, checked by hand so the first page loads without zod
function isErrorItem(value: unknown): value is ErrorItemType {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorItemType).fieldName === 'string' &&
    typeof (value as ErrorItemType).errorMessage === 'string'
  );
}

function errorItems(json: unknown): ErrorItemType[] | null {
  return Array.isArray(json) && json.every(isErrorItem) ? json : null;
}

// The label a person sees beside the input, in the UI language; a field with none on screen (an id in the URL, the
// body as a whole, a header) has no label and its line is just the message.
const FIELD_LABEL_KEYS: Record<string, string> = {
  code: 'catalogue.promo.label',
  promoCode: 'catalogue.promo.label',
  paymentMethod: 'bookings.fields.paymentMethod',
  date: 'bookings.fields.date',
  time: 'bookings.fields.date',
  adults: 'bookings.fields.people',
  'guest.name': 'checkout.guest.name',
  'guest.phone': 'checkout.guest.phone',
  'guest.email': 'checkout.guest.email',
  'guest.confirmEmail': 'checkout.guest.confirmEmail',
  'guest.hotel': 'checkout.guest.hotel',
  'guest.hotelId': 'checkout.guest.hotel',
  'guest.room': 'checkout.guest.room',
  notes: 'checkout.guest.notes',
};

function fieldLabel(fieldName: string): string | null {
  const key = FIELD_LABEL_KEYS[fieldName] ?? `fields.${fieldName}`;
  return i18n.exists(key) ? i18n.t(key) : null;
}

// SPEC §8 'fieldName: errorMessage' lines, with the field's visible label for its name
export function formatErrorItems(items: ErrorItemType[]): string {
  return items
    .map((item) => {
      const label = fieldLabel(item.fieldName);
      const message = translateMessage(item.errorMessage);
      return label ? `${label}: ${message}` : message;
    })
    .join('\n');
}

// The form that made the call hears of the error first (its onError runs in the same turn); the toast waits for
// the next one and lists only what no form put under its field.
function toastUnshownItems(error: ApiError) {
  setTimeout(() => {
    const rest = error.items.filter((item) => !error.shownFields.has(item.fieldName));
    if (rest.length > 0) notify.error(formatErrorItems(rest));
  }, 0);
}

function messageFromBody(json: unknown, text: string): string {
  const items = errorItems(json);
  if (items && items.length > 0) return items.map((item) => translateMessage(item.errorMessage)).join('\n');
  if (isErrorItem(json)) return translateMessage(json.errorMessage);
  if (json && typeof json === 'object' && 'message' in json && typeof json.message === 'string')
    return translateMessage(json.message);
  return translateMessage(text.trim());
}

function lastPathSegment(url: string): string {
  try {
    const segments = new URL(url).pathname.split('/').filter(Boolean);
    return `/${segments.at(-1) ?? ''}`;
  } catch {
    return paths.home.getHref();
  }
}

// SPEC §8: the error catalogue, applied to every call in one place.
async function handleFailure(response: Response): Promise<never> {
  const { text, json } = await readBody(response);
  const status = response.status;

  if (status === 401) {
    clearSession();
    navigateTo(paths.home.getHref(), { replace: true });
    throw new ApiError(MESSAGES.unauthorized, { status, body: text });
  }
  if (status === 503) {
    const message = translateMessage(MESSAGES.maintenance);
    notify.error(message);
    throw new ApiError(message, { status, body: text });
  }
  if (status === 404) {
    navigateTo(paths.notFound.getHref(), { replace: true });
    throw new ApiError(MESSAGES.notFound, { status, body: text });
  }
  if (status === 422) {
    const items = errorItems(json) ?? [];
    if (items.length === 0) {
      const message = translateMessage(text.trim() || MESSAGES.validation);
      notify.error(message);
      throw new ApiError(message, { status, body: text });
    }
    const error = new ApiError(formatErrorItems(items), { status, items, body: text });
    toastUnshownItems(error);
    throw error;
  }
  // An HTML error page (a proxy's 502, say) is no message for a person.
  const isHtml = (response.headers.get('content-type') ?? '').includes('text/html');
  const message = (isHtml ? '' : messageFromBody(json, text)) || translateMessage('Error');
  notify.error(message);
  throw new ApiError(message, { status, body: text });
}

async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { method = 'GET', query, body, signal, auth = false } = options;
  const headers: Record<string, string> = { Accept: accept, ...options.headers };
  // the analytics session this call belongs to (issue 31): a booking made in it is that session's funnel step
  const insightSession = insightSessionId();
  if (insightSession) headers['X-Insight-Session'] = insightSession;
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    requestBody = JSON.stringify(body);
  }
  if (auth) {
    const token = getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(`${env.apiBase}${path}${buildQuery(query)}`, { method, headers, body: requestBody, signal });
  } catch (error) {
    if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    notify.error(translateMessage('Error'));
    throw new ApiError('Error', { kind: 'network' });
  }

  // the server answers a session whose role (or agency flags) changed with a fresh token: menus follow at once
  const refreshed = auth ? response.headers.get('x-refreshed-token') : null;
  if (refreshed) saveToken(refreshed);

  if (response.redirected) {
    navigateTo(lastPathSegment(response.url));
    throw new ApiError('Redirected', { status: response.status, kind: 'redirect' });
  }
  if (response.status >= 400) return handleFailure(response);
  return response;
}

export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const response = await send(path, options, 'application/json, text/plain, */*');
  if (response.status === 204) return undefined;

  try {
    const { text, json, isJson } = await readBody(response);
    return isJson ? json : text;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    notify.error(translateMessage('Error'));
    throw new ApiError('Error', { status: response.status, kind: 'network' });
  }
}

export type DownloadedFile = { blob: Blob; fileName: string | null };

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

// A file (PDF, xlsx) with the same error handling as every other call; protected files need the bearer token.
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const response = await send(path, { auth: true, ...options }, '*/*');
  try {
    return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('content-disposition')) };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    notify.error(translateMessage('Error'));
    throw new ApiError('Error', { status: response.status, kind: 'network' });
  }
}

type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;
type OutputOf<T> = T extends z.ZodType ? z.output<T> : unknown;

export type AnyRoute = RouteDescriptor<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined
>;

export type RouteBody<R> = R extends RouteDescriptor<infer B, infer _Q, infer _P, infer _R> ? InputOf<B> : never;
export type RouteResponse<R> =
  R extends RouteDescriptor<infer _B, infer _Q, infer _P, infer Res> ? OutputOf<Res> : never;

export type RouteCallInput<R> =
  R extends RouteDescriptor<infer B, infer Q, infer P, infer _R>
    ? (B extends z.ZodType ? { body: InputOf<B> | FormData } : { body?: undefined }) &
        (Q extends z.ZodType ? { query?: InputOf<Q> } : { query?: undefined }) &
        (P extends z.ZodType ? { params: InputOf<P> } : { params?: undefined }) & {
          signal?: AbortSignal;
          headers?: Record<string, string>;
        }
    : never;

// Sends a call to a route given by its method, path and whether it carries the agent's token.
function sendCall(
  route: { method: HttpMethod; path: string },
  auth: boolean,
  input: { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> },
): Promise<unknown> {
  return apiRequest(buildPath(route.path, (input.params ?? {}) as Record<string, string | number>), {
    method: route.method,
    query: input.query as Record<string, QueryValue> | undefined,
    body: input.body,
    signal: input.signal,
    headers: input.headers,
    auth,
  });
}

// Calls a contract route descriptor and parses the answer with its response schema.
export async function callRoute<R extends AnyRoute>(route: R, input: RouteCallInput<R>): Promise<RouteResponse<R>> {
  return parseAnswer(route, await sendCall(route, route.access.kind !== 'public', input));
}

function parseAnswer<R extends AnyRoute>(route: R, data: unknown): RouteResponse<R> {
  if (!route.response) return data as RouteResponse<R>;
  const parsed = route.response.safeParse(data);
  if (!parsed.success) {
    notify.error(translateMessage('Error'));
    throw new ApiError('Unexpected response from the server', { kind: 'parse', body: JSON.stringify(data) });
  }
  return parsed.data as RouteResponse<R>;
}

// A route of the first pages (home, tour, checkout and the agent layout) by its key in FIRST_PAGE_ROUTES: typed by
// the descriptor it names (FirstPageRoutes) and called without it, so those pages load without the descriptors and
// zod (decision 0156). The server passes these answers through their contract schemas; here they are typed, not
// re-checked.
export async function callFirstPage<K extends FirstPageRouteKey>(
  key: K,
  input: RouteCallInput<FirstPageRoutes[K]>,
): Promise<RouteResponse<FirstPageRoutes[K]>> {
  const route = FIRST_PAGE_ROUTES[key];
  return (await sendCall(route, route.auth, input)) as RouteResponse<FirstPageRoutes[K]>;
}

// A route that takes one file (multipart `file`; it has no body schema, the server reads the stream): the file goes
// as a form, and the answer is checked against the route's response schema like any other call.
export async function uploadToRoute<R extends AnyRoute>(
  route: R,
  params: Record<string, string | number>,
  file: File,
): Promise<RouteResponse<R>> {
  const body = new FormData();
  body.append('file', file, file.name);
  return parseAnswer(route, await sendCall(route, true, { params, body }));
}
