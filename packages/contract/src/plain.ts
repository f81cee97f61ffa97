// The part of the contract without zod, for code that must stay small (the web app's first route).
export * from './constants.ts';
export * from './messages.ts';
export { buildPath } from './define-route.ts';
export { FIRST_PAGE_ROUTES, type FirstPageRouteKey } from './paths.ts';
export * from './images.ts';
export * from './web-build.ts';
export * from './money.ts';
export * from './pricing.ts';
export * from './calendar.ts';
export * from './booking-rules.ts';
export * from './roles.ts';
export * from './company-rules.ts';
export * from './insight-events.ts';
export * from './replay-limits.ts';
