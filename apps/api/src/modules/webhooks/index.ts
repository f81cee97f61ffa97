// What other modules may use of webhooks: recording an event in their own transaction; app.ts registers the routes
export { recordWebhookEvent, type RenderBooking } from './webhooks.service.ts';
export { webhookRoutesPlugin } from './webhooks.routes.ts';
