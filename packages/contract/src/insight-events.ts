// Issue 31: what the portal records of how agents use it, for the tours company's Insight pages. One row per event in
// the portal's own database (insight_events); agents' browsers send their events in batches, the server records the
// booking outcomes itself (the truth of what was booked and paid).

// SPEC §9 "Analytics": a session renews while it is used (30 minutes) and ends after 24 hours whatever happens
export const INSIGHT_SESSION_RENEW_MS = 30 * 60_000;
export const INSIGHT_SESSION_MAX_MS = 24 * 60 * 60_000;

export const INSIGHT_EVENT_KINDS = [
  'page_view',
  'search',
  'tour_view',
  // an agent asked for a tour's availability: tour, option, date, people, and what was free (a reason when nothing)
  'availability',
  'checkout_started',
  'booking_created',
  'booking_paid',
  'booking_failed',
  'booking_cancelled',
  'error',
] as const;
export type InsightEventKind = (typeof INSIGHT_EVENT_KINDS)[number];

// where a booking came from
export const INSIGHT_CHANNELS = ['portal', 'widget', 'api'] as const;
export type InsightChannel = (typeof INSIGHT_CHANNELS)[number];

// why asked-for seats could not be booked: demand the tours company did not serve
export const UNSERVED_REASONS = ['sold_out', 'past_cut_off', 'no_slot', 'not_enough_seats'] as const;
export type UnservedReason = (typeof UNSERVED_REASONS)[number];

// the funnel's steps, in order: each counts the sessions that reached it
export const FUNNEL_STEPS = ['search', 'tour_view', 'checkout_started', 'booking_created', 'booking_paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
