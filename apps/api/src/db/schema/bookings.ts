import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CURRENCIES,
  bigint53,
  createdAt,
  currency,
  identityPk,
  integerRef,
  language,
  timestamps,
  timestamptz,
  uuidPk,
  uuidRef,
} from './columns.ts';
import { agencies, users } from './accounts.ts';
import { topUps } from './money.ts';
import { widgets } from './widgets.ts';
import { apiKeys } from './api-keys.ts';
import { cities, offers, slots, tours, type CancellationTierJson, type Localized } from './catalogue.ts';

export type AmountLineJson = {
  unit: 'adult' | 'child' | 'infant' | 'trip';
  quantity: number;
  netMinor: number;
  publishedMinor: number;
};

// A booking or a quotation request. Money in minor units of `currency`, fixed at creation (DESIGN "Money").
export const bookings = pgTable(
  'bookings',
  {
    id: uuidPk(),
    reference: text('reference').notNull(),
    agencyId: uuidRef('agency_id', () => agencies.id),
    // the agent who booked; null for a sale in the agency's widget shop (its customer booked, channel 'widget')
    createdBy: uuid('created_by').references(() => users.id),
    // where the booking was made: by an agent in the portal, by the agency's customer in its widget shop, or by the
    // agency's own system through the reseller API (issue 30: `api_key_id` names the key, `octo_uuid` is the
    // reseller's id of the booking, unique per agency, and `reseller_reference` its own reference)
    channel: text('channel', { enum: ['agent', 'widget', 'api'] })
      .notNull()
      .default('agent'),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id),
    octoUuid: text('octo_uuid'),
    resellerReference: text('reseller_reference'),
    // why the reseller cancelled (OCTO's cancellation reason); null for the portal's own cancellations
    cancellationReason: text('cancellation_reason'),
    // made with a test key: took no stock (stock_* stay 0), moved no money (the agency's test balance paid it)
    isTest: boolean('is_test').notNull().default(false),
    // the agent's analytics session the booking was made in (issue 31: the funnel's booked and paid steps)
    insightSessionId: uuid('insight_session_id'),
    widgetId: uuid('widget_id').references(() => widgets.id),
    // A widget sale: what the customer pays (the widget's sale prices after its discount, in its currency) — the card
    // charge's amount. published_total_minor then holds it in the account's currency, so the agency's margin is
    // published − net like any commission.
    saleCurrency: text('sale_currency', { enum: CURRENCIES }),
    saleTotalMinor: bigint53('sale_total_minor'),
    // the margin's way to the agency's balance: pending once paid, credited by the widget-margins job after the tour
    // date, reversed by a cancellation before that (DESIGN "Commissions")
    marginStatus: text('margin_status', { enum: ['pending', 'credited', 'reversed'] }),
    // the customer's own page of the sale (no login): an unguessable token, and the page's address for the e-mails
    customerToken: text('customer_token'),
    customerUrl: text('customer_url'),
    siteId: text('site_id').notNull(),
    status: text('status', {
      enum: ['request', 'payment_required', 'pending_payment', 'completed', 'cancelled', 'payment_failed'],
    }).notNull(),
    isRequest: integer('is_request').notNull().default(0),
    tourId: integerRef('tour_id', () => tours.id),
    offerId: integerRef('offer_id', () => offers.id),
    slotId: bigint53('slot_id').references(() => slots.id),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time'),
    adults: integer('adults').notNull(),
    children: integer('children').notNull(),
    infants: integer('infants').notNull(),
    // stock this booking took from its slot (what a cancellation gives back), fixed when it was taken
    stockUnits: integer('stock_units').notNull().default(0),
    stockAdults: integer('stock_adults').notNull().default(0),
    stockChildren: integer('stock_children').notNull().default(0),
    // the card payment that paid it (refunds go back to exactly this one)
    paidPaymentId: uuid('paid_payment_id'),
    // stock this booking holds on its slot right now (0 once released)
    heldAdults: integer('held_adults').notNull().default(0),
    heldChildren: integer('held_children').notNull().default(0),
    heldUnits: integer('held_units').notNull().default(0),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    guestPhone: text('guest_phone').notNull(),
    hotel: text('hotel').notNull(),
    hotelId: integer('hotel_id'),
    room: text('room').notNull(),
    pickUpTime: text('pick_up_time'),
    notes: text('notes').notNull().default(''),
    language: language(),
    currency: currency(),
    netBeforeDiscountMinor: bigint53('net_before_discount_minor').notNull(),
    discountMinor: bigint53('discount_minor').notNull().default(0),
    cardSurchargeMinor: bigint53('card_surcharge_minor').notNull().default(0),
    netTotalMinor: bigint53('net_total_minor').notNull(),
    publishedTotalMinor: bigint53('published_total_minor').notNull(),
    amountLines: jsonb('amount_lines').$type<AmountLineJson[]>().notNull(),
    promoCode: text('promo_code'),
    promoPercent: integer('promo_percent'),
    paymentMethod: text('payment_method', { enum: ['balance', 'card'] }),
    // the tour and offer names as sold, in both languages
    tourUrl: text('tour_url').notNull(),
    tourTitle: jsonb('tour_title').$type<Localized>().notNull(),
    offerName: jsonb('offer_name').$type<Localized>().notNull(),
    cancellationPolicy: jsonb('cancellation_policy').$type<CancellationTierJson[]>().notNull(),
    ticketNumbers: text('ticket_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    balanceAfterMinor: bigint53('balance_after_minor'),
    // What the booking counts toward its creator's monthly spending cap now, and in which month's row
    // (agent_month_spend): set by every change that takes, holds or gives back its money (bookings/spending-cap.ts)
    spendMinor: bigint53('spend_minor').notNull().default(0),
    spendMonth: text('spend_month'),
    holdExpiresAt: timestamptz('hold_expires_at'),
    quotedNetMinor: bigint53('quoted_net_minor'),
    quoteExpiresAt: timestamptz('quote_expires_at'),
    quoteNote: text('quote_note'),
    declineReason: text('decline_reason'),
    refundMinor: bigint53('refund_minor'),
    cancellationFeeMinor: bigint53('cancellation_fee_minor'),
    confirmedAt: timestamptz('confirmed_at'),
    cancelledAt: timestamptz('cancelled_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('bookings_reference_uq').on(t.reference),
    index('bookings_agency_created_idx').on(t.agencyId, t.createdAt),
    index('bookings_agency_date_idx').on(t.agencyId, t.date),
    index('bookings_created_by_idx').on(t.createdBy, t.createdAt),
    uniqueIndex('bookings_customer_token_uq').on(t.customerToken),
    index('bookings_margin_due_idx')
      .on(t.date)
      .where(sql`${t.marginStatus} = 'pending'`),
    check(
      'bookings_channel_fields',
      sql`CASE WHEN ${t.channel} = 'widget' THEN ${t.widgetId} IS NOT NULL AND ${t.saleCurrency} IS NOT NULL AND ${t.saleTotalMinor} > 0 AND ${t.customerToken} IS NOT NULL AND ${t.createdBy} IS NULL AND ${t.paymentMethod} = 'card' ELSE ${t.createdBy} IS NOT NULL AND ${t.widgetId} IS NULL AND ${t.marginStatus} IS NULL END`,
    ),
    check(
      'bookings_api_fields',
      sql`(${t.channel} = 'api') = (${t.apiKeyId} IS NOT NULL AND ${t.octoUuid} IS NOT NULL)`,
    ),
    uniqueIndex('bookings_octo_uuid_uq').on(t.agencyId, t.octoUuid),
    check(
      'bookings_test_took_nothing',
      sql`NOT ${t.isTest} OR (${t.channel} = 'api' AND ${t.stockUnits} = 0 AND ${t.stockAdults} = 0 AND ${t.stockChildren} = 0)`,
    ),
    index('bookings_reseller_reference_idx')
      .on(t.agencyId, t.resellerReference)
      .where(sql`${t.resellerReference} IS NOT NULL`),
    index('bookings_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.heldUnits} > 0 AND ${t.holdExpiresAt} IS NOT NULL`),
    // the funnel's booked and paid steps: bookings of a session, by when they were made
    index('bookings_insight_session_idx')
      .on(t.insightSessionId, t.createdAt)
      .where(sql`${t.insightSessionId} IS NOT NULL`),
    index('bookings_requests_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.isRequest} = 1`),
    check('bookings_people_non_negative', sql`${t.adults} >= 0 AND ${t.children} >= 0 AND ${t.infants} >= 0`),
    check('bookings_held_non_negative', sql`${t.heldAdults} >= 0 AND ${t.heldChildren} >= 0 AND ${t.heldUnits} >= 0`),
    check(
      'bookings_amounts_non_negative',
      sql`${t.netTotalMinor} >= 0 AND ${t.publishedTotalMinor} >= 0 AND ${t.discountMinor} >= 0`,
    ),
  ],
);

// DESIGN "Idempotency": one row per (agency, key); the response is stored once the first call finishes.
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    agencyId: uuidRef('agency_id', () => agencies.id),
    key: text('key').notNull(),
    // the agent who sent the key: another agent of the agency replaying it gets a 422, never this call's answer
    userId: uuid('user_id'),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['running', 'done'] })
      .notNull()
      .default('running'),
    // the call that holds the key now; written by the transaction that commits its effect, so a call whose lease
    // was taken over can no longer commit
    attempt: uuid('attempt'),
    // what the call created or changed (a booking), set in the same transaction as that change: a retry after a
    // crash or an error finds it and answers with it
    resourceId: uuid('resource_id'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    lockedUntil: timestamptz('locked_until').notNull(),
    createdAt: createdAt(),
  },
  // the retention job deletes finished keys by age
  (t) => [primaryKey({ columns: [t.agencyId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

// One card payment attempt of a booking.
export const payments = pgTable(
  'payments',
  {
    id: uuidPk(),
    // what the payment pays for: a booking or a top-up (exactly one)
    bookingId: uuid('booking_id').references(() => bookings.id),
    topUpId: uuid('top_up_id').references(() => topUps.id),
    agencyId: uuidRef('agency_id', () => agencies.id),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'tap'] }).notNull(),
    providerRef: text('provider_ref'),
    status: text('status', { enum: ['pending', 'requires_action', 'succeeded', 'failed', 'cancelled', 'refunded'] })
      .notNull()
      .default('pending'),
    amountMinor: bigint53('amount_minor').notNull(),
    currency: currency(),
    redirectUrl: text('redirect_url'),
    clientSecret: text('client_secret'),
    failureMessage: text('failure_message'),
    refundedMinor: bigint53('refunded_minor').notNull().default(0),
    // owed back to the card and not yet confirmed by the provider: written with the change that causes it, retried
    refundDueMinor: bigint53('refund_due_minor').notNull().default(0),
    refundReason: text('refund_reason'),
    // The refund being asked of the provider now: claimed by one node (its lease), sent with the attempt id as the
    // provider's idempotency key, and asked again under the same id after the lease if no answer came.
    refundAttemptId: uuid('refund_attempt_id'),
    refundAttemptMinor: bigint53('refund_attempt_minor').notNull().default(0),
    refundAttemptUntil: timestamptz('refund_attempt_until'),
    // A refund no sweeper asks for again until the operator has looked at the provider: 'refused' (the provider said
    // no; the amount is owed again, a new attempt id when asked), 'unconfirmed' (a provider without idempotency keys
    // did not answer an attempt: asking again blindly could refund twice)
    refundHold: text('refund_hold', { enum: ['refused', 'unconfirmed'] }),
    expiresAt: timestamptz('expires_at').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    index('payments_booking_idx').on(t.bookingId, t.createdAt),
    index('payments_top_up_idx').on(t.topUpId, t.createdAt),
    check('payments_one_owner', sql`num_nonnulls(${t.bookingId}, ${t.topUpId}) = 1`),
    index('payments_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} IN ('pending', 'requires_action')`),
    check('payments_amount_positive', sql`${t.amountMinor} > 0`),
    check(
      'payments_refunds_within_amount',
      sql`${t.refundedMinor} >= 0 AND ${t.refundDueMinor} >= 0 AND ${t.refundAttemptMinor} >= 0 AND ${t.refundedMinor} + ${t.refundDueMinor} + ${t.refundAttemptMinor} <= ${t.amountMinor}`,
    ),
    index('payments_refund_due_idx')
      .on(t.updatedAt)
      .where(sql`${t.refundDueMinor} > 0 OR ${t.refundAttemptId} IS NOT NULL`),
  ],
);

// Each refund a provider confirmed, under its own reference there: written with the confirmation (the payment's
// refunded amount grows in the same transaction), so a provider that later reports the refund failed (Stripe's
// refund.failed) finds what to give back to what is owed, once.
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    provider: text('provider', { enum: ['sandbox', 'stripe', 'tap'] }).notNull(),
    refundRef: text('refund_ref').notNull(),
    paymentId: uuidRef('payment_id', () => payments.id),
    attemptId: uuid('attempt_id').notNull(),
    amountMinor: bigint53('amount_minor').notNull(),
    // as the provider answered; 'failed' once it reported the refund failed after all
    status: text('status', { enum: ['succeeded', 'pending', 'failed'] }).notNull(),
    failureMessage: text('failure_message'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.refundRef] }),
    index('payment_refunds_payment_idx').on(t.paymentId),
    check('payment_refunds_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

// Webhook deduplication: written in the same transaction as the state change it causes.
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  // the retention job deletes by age
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('webhook_events_received_idx').on(t.receivedAt)],
);

// The built-in sandbox provider's own records (playing the provider's side, so every node sees the same state).
export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  amountMinor: bigint53('amount_minor').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  // the payer's language: the hosted page speaks it, as a provider's does
  language: language().default('en'),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['pending', 'requires_action', 'succeeded', 'failed', 'cancelled', 'refunded'] })
    .notNull()
    .default('pending'),
  cardLast4: text('card_last4'),
  failureMessage: text('failure_message'),
  refundedMinor: bigint53('refunded_minor').notNull().default(0),
  // idempotency keys of the refunds made, as a real provider keeps them
  refundKeys: text('refund_keys')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  ...timestamps(),
});

// Pick-up hotels (SPEC §7 /hotels/listbase); the pick-up time is the start time minus the hotel's lead minutes.
export const hotels = pgTable(
  'hotels',
  {
    id: identityPk(),
    cityId: integerRef('city_id', () => cities.id),
    name: text('name').notNull(),
    area: text('area').notNull(),
    pickUpLeadMinutes: integer('pick_up_lead_minutes').notNull(),
  },
  (t) => [
    uniqueIndex('hotels_city_name_uq').on(t.cityId, t.name),
    check('hotels_lead_range', sql`${t.pickUpLeadMinutes} BETWEEN 0 AND 300`),
  ],
);
