// The reseller API (OCTO): app.ts registers its routes; the agency's webhooks carry its booking shape
export { OCTO_PREFIX, octoRoutes } from './octo.routes.ts';
export { octoBookingRenderer } from './booking-renderer.ts';
