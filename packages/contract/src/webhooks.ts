import { z } from 'zod';
import { ADMIN_ONLY, defineRoute } from './define-route.ts';
import { MESSAGES } from './errors.ts';
import { WEBHOOK_MESSAGES } from './messages.ts';
export { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_MESSAGES } from './messages.ts';

// Issue 30: webhooks to an agency's own system, signed per Standard Webhooks (webhook-id, webhook-timestamp,
// webhook-signature), sent with retries over about a day. Booking events carry the OCTO booking.
export const WEBHOOK_EVENTS = [
  'booking.confirmed',
  'booking.updated',
  'booking.cancelled',
  'booking.refunded',
  'balance.low',
] as const;
export const WebhookEvent = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEvent>;
// the test message "send a test event" sends (never subscribed to)
export const WEBHOOK_TEST_EVENT = 'webhook.test';
// the waits between tries (seconds): at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h — about 27 hours
export const WEBHOOK_RETRY_SECONDS = [0, 5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;

export const WebhookEndpointBody = z.object({
  url: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(2000, WEBHOOK_MESSAGES.invalidUrl)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, WEBHOOK_MESSAGES.invalidUrl),
  events: z.array(WebhookEvent).min(1, WEBHOOK_MESSAGES.noEvents).max(WEBHOOK_EVENTS.length),
});
export type WebhookEndpointBody = z.infer<typeof WebhookEndpointBody>;
export const WebhookEndpointUpdate = WebhookEndpointBody.partial().extend({ isEnabled: z.boolean().optional() });
export type WebhookEndpointUpdate = z.infer<typeof WebhookEndpointUpdate>;

export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEvent),
  secret: z.string(),
  isEnabled: z.boolean(),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;
export const WebhookEndpointList = z.object({ endpoints: z.array(WebhookEndpoint) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

export const WebhookDelivery = z.object({
  id: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

const EndpointParams = z.object({ id: z.uuid({ error: WEBHOOK_MESSAGES.unknownEndpoint }) });
const DeliveryParams = z.object({ id: z.string().regex(/^msg_[A-Za-z0-9]{20,40}$/, WEBHOOK_MESSAGES.unknownDelivery) });

const tags = ['Webhooks'] as const;
export const webhookRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/b2b/webhooks',
    summary: "The agency's webhook endpoints (admins of agencies allowed the reseller API)",
    tags,
    access: ADMIN_ONLY,
    response: WebhookEndpointList,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/b2b/webhooks',
    summary: 'Register an endpoint; its signing secret is in the answer',
    tags,
    access: ADMIN_ONLY,
    body: WebhookEndpointBody,
    response: WebhookEndpoint,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/b2b/webhooks/{id}',
    summary: "Change an endpoint's address or events, or switch it on or off",
    tags,
    access: ADMIN_ONLY,
    params: EndpointParams,
    body: WebhookEndpointUpdate,
    response: WebhookEndpoint,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/b2b/webhooks/{id}',
    summary: 'Remove an endpoint (nothing more is sent to it)',
    tags,
    access: ADMIN_ONLY,
    params: EndpointParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  test: defineRoute({
    method: 'POST',
    path: '/b2b/webhooks/{id}/test',
    summary: 'Send a test event to the endpoint',
    tags,
    access: ADMIN_ONLY,
    params: EndpointParams,
    response: WebhookDelivery,
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/b2b/webhooks/{id}/deliveries',
    summary: "The endpoint's delivery log, newest first (last 50)",
    tags,
    access: ADMIN_ONLY,
    params: EndpointParams,
    response: WebhookDeliveryList,
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/b2b/webhooks/deliveries/{id}/retry',
    summary: 'Send a delivery again',
    tags,
    access: ADMIN_ONLY,
    params: DeliveryParams,
    response: WebhookDelivery,
  }),
};
