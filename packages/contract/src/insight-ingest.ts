import { z } from 'zod';
import { CatalogueDate } from './catalogue.ts';
import { DbId } from './common.ts';
import { PUBLIC, defineRoute } from './define-route.ts';
import { firstPageRoute } from './paths.ts';
import { INSIGHT_BATCH_MAX_EVENTS, INSIGHT_TEXT_MAX, UNSERVED_REASONS, isInsightSessionId } from './insight-events.ts';
import { FIELD_MESSAGES } from './messages.ts';

// Issue 31: what the web app sends of how agents use it (insight-events.ts names the words). Every shape is strict:
// an unknown kind, an unknown field, a wrong type or a text past its length refuses the whole batch, so nothing is
// stored that this file does not name — guests' names, phones and e-mails have no field to arrive in.

const Path = z
  .string()
  .max(INSIGHT_TEXT_MAX.path)
  .regex(/^\/[^\s?#]*$/);
// a refusal's message key or field name (`bookingMessages.outOfStock`, `guest.phone`): a name, never free text
const Code = z.string().regex(/^[A-Za-z][A-Za-z0-9_.]{0,79}$/);
const Name = z.string().max(INSIGHT_TEXT_MAX.name);
const Count = z.number().int().min(0).max(1_000_000);
const Seats = z.number().int().min(1).max(999);
// what was asked for: the tour's option, its day, and how many people
const asked = { tourId: DbId, offerId: DbId, date: CatalogueDate, seats: Seats };

const event = <K extends string, S extends z.ZodRawShape>(kind: K, shape: S) =>
  z.strictObject({ kind: z.literal(kind), path: Path, ...shape });

export const InsightEventInput = z.discriminatedUnion('kind', [
  event('page_view', {}),
  // the catalogue search (the agent's words, its results) or a city or category listing
  event('search', {
    props: z.strictObject({
      query: z.string().max(INSIGHT_TEXT_MAX.query).optional(),
      city: Name.optional(),
      category: Name.optional(),
      results: Count,
    }),
  }),
  event('tour_view', { tourId: DbId }),
  // what was free for these people (`left`: the most seats one time had), and why nothing could be booked
  event('availability', {
    ...asked,
    reason: z.enum(UNSERVED_REASONS).optional(),
    props: z.strictObject({
      left: Count,
      time: z
        .string()
        .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/)
        .nullable(),
    }),
  }),
  event('checkout_started', asked),
  // the refusal's message key (or `status_409`, `network`), and the field it named
  event('booking_failed', {
    ...asked,
    reason: Code,
    props: z.strictObject({ field: Code.optional(), status: z.number().int().min(0).max(599) }).optional(),
  }),
  event('booking_cancelled', asked),
  event('error', {
    props: z.strictObject({
      message: z.string().max(INSIGHT_TEXT_MAX.message),
      stack: z.string().max(INSIGHT_TEXT_MAX.stack).optional(),
      componentStack: z.string().max(INSIGHT_TEXT_MAX.stack).optional(),
    }),
  }),
]);
export type InsightEventInput = z.infer<typeof InsightEventInput>;

// One batch: the browser's session (the server keeps it or starts another), the agent's access token when logged in
// (sendBeacon sets no headers: the user comes from here, verified), and the events in the order they happened. The
// byte cap (INSIGHT_BATCH_MAX_BYTES) is the route's body limit.
export const InsightBatch = z.strictObject({
  sessionId: z.string().refine(isInsightSessionId, FIELD_MESSAGES.sessionId),
  token: z.string().max(4096).optional(),
  events: z.array(InsightEventInput).min(1).max(INSIGHT_BATCH_MAX_EVENTS),
});
export type InsightBatch = z.infer<typeof InsightBatch>;

// the session the events were recorded in: the one sent, or the one that replaced it; and whether the support replay
// records its pages (issue 31 item 3: the sample and the agency's switch decided)
export const InsightIngestResponse = z.object({ sessionId: z.string(), record: z.boolean() });
export type InsightIngestResponse = z.infer<typeof InsightIngestResponse>;

export const insightRoutes = {
  ingest: defineRoute({
    ...firstPageRoute('insightEvents'),
    summary: "A batch of the web app's events (page views, searches, availability asked, checkouts, errors…)",
    tags: ['insight'],
    access: PUBLIC,
    body: InsightBatch,
    response: InsightIngestResponse,
  }),
};
