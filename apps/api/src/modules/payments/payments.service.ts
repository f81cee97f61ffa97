import { BOOKING_MESSAGES, DESK_MESSAGES, minorToMajor, type CurrencyCode, type Language } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { PaymentProviders } from './providers/index.ts';
import type {
  PaymentProvider,
  ProviderName,
  ProviderStatus,
  RefundFailedEvent,
  WebhookHeaders,
} from './providers/provider.ts';
import {
  MalformedWebhookError,
  UnhandledWebhookEventError,
  WebhookSignatureError,
  isRefusal,
} from './providers/provider.ts';
import {
  OPEN_STATUSES,
  addRefundDue,
  claimRefundAttempt,
  finishRefundAttempt,
  holdRefund,
  recordHeldRefundMade,
  findAgencyPayment,
  insertPayment,
  latestPaymentFor,
  lockPayment,
  lockPaymentByRef,
  lockRecordedRefund,
  markRecordedRefundFailed,
  openChargesFor,
  ownerKeyOf,
  recordWebhookEvent,
  refundsDue,
  updatePayment,
  type PaymentOwnerKey,
  type PaymentRecord,
} from './payments.repo.ts';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

// What a card payment pays for, told by the module that owns it (bookings today; top-ups next). Both calls run in
// the transaction that records the provider's answer, after the payment row is locked.
export type PaymentOwner = {
  // The money arrived: keep it (the thing is paid for) or say why it goes back to the card, in full.
  paid: (tx: DbOrTx, payment: PaymentRecord) => Promise<{ kept: true } | { kept: false; refundReason: string }>;
  // The charge closed unpaid; `isLatest`: no newer attempt was started for the same thing.
  closedUnpaid: (
    tx: DbOrTx,
    payment: PaymentRecord,
    closed: { status: 'failed' | 'cancelled'; failureMessage: string | null; isLatest: boolean },
  ) => Promise<void>;
};
export type PaymentOwnerKind = 'booking' | 'topUp';

export type ChargeRequest = {
  owner: PaymentOwnerKey;
  agencyId: string;
  amountMinor: number;
  currency: CurrencyCode;
  expiresAt: Date;
  reference: string;
  description: string;
  language: Language;
  customerEmail: string;
  returnUrl: (paymentId: string) => string;
};

// how long one node has to hear back from the provider about a refund before another may ask again (same id)
const REFUND_LEASE_SECONDS = 120;

// Card payments: the providers, the payment's state, webhooks and refunds. Knows nothing of what is paid for.
export function createPaymentsService(deps: { db: Db; providers: PaymentProviders; log: ServiceContext['log'] }) {
  const owners = new Map<PaymentOwnerKind, PaymentOwner>();
  const ownerOf = (payment: PaymentRecord): PaymentOwner => {
    const kind: PaymentOwnerKind = payment.bookingId !== null ? 'booking' : 'topUp';
    const owner = owners.get(kind);
    if (!owner) throw new Error(`no payment owner is registered for ${kind}`);
    return owner;
  };
  const providerOf = (name: ProviderName): PaymentProvider => {
    const provider = deps.providers.byName(name);
    if (!provider) throw new Error(`payment provider ${name} is not configured`);
    return provider;
  };

  // A card attempt: a payments row, then the provider (outside any transaction). A provider that refuses at once
  // closes the attempt unpaid.
  async function startCharge(
    ctx: Pick<ServiceContext, 'kickMail'>,
    request: ChargeRequest,
    providerName?: ProviderName,
  ): Promise<void> {
    const provider = (providerName ? deps.providers.byName(providerName) : null) ?? deps.providers.default;
    const payment = await insertPayment(deps.db, {
      ...request.owner,
      agencyId: request.agencyId,
      provider: provider.name,
      amountMinor: request.amountMinor,
      currency: request.currency,
      expiresAt: request.expiresAt,
    });
    let charge;
    try {
      charge = await provider.createCharge({
        paymentId: payment.id,
        reference: request.reference,
        amountMinor: request.amountMinor,
        currency: request.currency,
        description: request.description,
        language: request.language,
        customerEmail: request.customerEmail,
        returnUrl: request.returnUrl(payment.id),
      });
    } catch (error) {
      deps.log.error({ err: error, paymentId: payment.id }, 'payment provider refused the charge');
      await deps.db.transaction(async (tx) => {
        const failureMessage = BOOKING_MESSAGES.paymentFailed;
        await updatePayment(tx, payment.id, { status: 'failed', failureMessage });
        await ownerOf(payment).closedUnpaid(tx, payment, { status: 'failed', failureMessage, isLatest: true });
      });
      return;
    }
    // a charge that is already final (paid, declined) is stored as open and then applied like any provider answer,
    // so its owner hears of it; stored as final here, applyStatus would take it for a duplicate
    const isOpen = OPEN_STATUSES.includes(charge.status);
    await updatePayment(deps.db, payment.id, {
      providerRef: charge.providerRef,
      status: isOpen ? charge.status : 'pending',
      redirectUrl: charge.redirectUrl,
      clientSecret: charge.clientSecret,
      failureMessage: isOpen ? charge.failureMessage : null,
    });
    if (!isOpen) {
      await applyAnswer(ctx, provider.name, charge.providerRef, charge);
    }
  }

  // Money owed back to a card is written in the caller's transaction; settleRefunds pays it out after the commit,
  // and the sweeper retries what a provider did not confirm, so nothing owed is forgotten.
  async function markRefundDue(tx: DbOrTx, paymentId: string, amountMinor: number, reason: string): Promise<void> {
    if (amountMinor <= 0) return;
    await addRefundDue(tx, paymentId, amountMinor, reason);
  }

  // The provider gets the claimed attempt's id as its idempotency key, so two nodes never refund twice. What cannot be
  // asked again safely waits for the operator (holdRefund): a refusal (asked again, the same answer), and an
  // unanswered attempt at a provider without idempotency keys (asked again, it could be refunded twice).
  // `checkedAtProvider`: the operator's own call, after looking at the provider.
  async function settleRefunds(paymentId: string, options: { checkedAtProvider?: boolean } = {}): Promise<void> {
    const attempt = await claimRefundAttempt(deps.db, paymentId, REFUND_LEASE_SECONDS, {
      held: options.checkedAtProvider,
    });
    if (!attempt) return;
    const provider = providerOf(attempt.provider);
    const amount = minorToMajor(attempt.amountMinor).toFixed(2);
    const hold = (kind: 'refused' | 'unconfirmed', detail = '') =>
      holdRefund(
        deps.db,
        paymentId,
        attempt.attemptId,
        kind,
        kind === 'refused'
          ? `${provider.name} refused the refund of ${amount}${detail ? `: ${detail}` : '.'}`
          : `${provider.name} has not confirmed the refund of ${amount} (attempt ${attempt.attemptId}). Look for it at ${provider.name} before asking again.`,
      );
    if (attempt.resumed && !provider.refundsIdempotent && !options.checkedAtProvider) return hold('unconfirmed');
    try {
      const refund = await provider.refund(
        attempt.providerRef,
        attempt.amountMinor,
        attempt.reason ?? 'refund',
        attempt.attemptId,
      );
      if (refund.status === 'failed') return await hold('refused');
      await finishRefundAttempt(deps.db, paymentId, attempt.attemptId, {
        provider: attempt.provider,
        refundRef: refund.refundRef,
        status: refund.status,
      });
      // more may have become due while the provider answered
      await settleRefunds(paymentId);
    } catch (error) {
      deps.log.error({ err: error, paymentId }, 'refund not confirmed by the provider');
      if (isRefusal(error)) await hold('refused', error.message);
      else if (!provider.refundsIdempotent) await hold('unconfirmed');
      else await updatePayment(deps.db, paymentId, { failureMessage: DESK_MESSAGES.refundPending });
    }
  }

  // The operator found a held refund made at the provider (or made it there by hand): recorded once, with the
  // caller's audit row in the same transaction
  async function recordRefundMade(
    paymentId: string,
    audit: (tx: DbOrTx, before: PaymentRecord, after: PaymentRecord) => Promise<void>,
  ): Promise<PaymentRecord | null> {
    return deps.db.transaction(async (tx) => {
      const before = await lockPayment(tx, paymentId);
      if (!before) return null;
      const after = await recordHeldRefundMade(tx, paymentId);
      if (after) await audit(tx, before, after);
      return after;
    });
  }

  async function retryDueRefunds(limit = 20): Promise<void> {
    for (const id of await refundsDue(deps.db, limit)) await settleRefunds(id);
  }

  // The one place a provider's answer changes state. A webhook's event id is recorded in the same transaction,
  // so a duplicate delivery changes nothing.
  async function applyStatus(
    ctx: Pick<ServiceContext, 'kickMail'> | null,
    event: {
      provider: ProviderName;
      providerRef: string;
      status: ProviderStatus;
      failureMessage: string | null;
      eventId: string | null;
    },
  ): Promise<void> {
    const refundFrom = await deps.db.transaction(async (tx) => {
      if (event.eventId && !(await recordWebhookEvent(tx, event.provider, event.eventId))) return null;
      const payment = await lockPaymentByRef(tx, event.provider, event.providerRef);
      // not ours yet (the charge reference is stored a moment after the provider answers): roll back, the provider retries
      if (!payment) throw new Error(`no payment for ${event.provider} ${event.providerRef}`);
      if (payment.status === 'succeeded' || payment.status === 'refunded') return null;
      if (event.status === 'succeeded') {
        await updatePayment(tx, payment.id, { status: 'succeeded', failureMessage: null });
        const outcome = await ownerOf(payment).paid(tx, payment);
        if (outcome.kept) return null;
        await markRefundDue(tx, payment.id, payment.amountMinor, outcome.refundReason);
        return payment.id;
      }
      // a charge closed unpaid (the agent cancelled on the pay page, or the hold expired) says so in our words
      const failureMessage = event.status === 'cancelled' ? BOOKING_MESSAGES.paymentCancelled : event.failureMessage;
      await updatePayment(tx, payment.id, { status: event.status, failureMessage });
      if (event.status === 'failed' || event.status === 'cancelled') {
        const latest = await latestPaymentFor(tx, ownerKeyOf(payment));
        await ownerOf(payment).closedUnpaid(tx, payment, {
          status: event.status,
          failureMessage,
          isLatest: latest?.id === payment.id,
        });
      }
      return null;
    });
    ctx?.kickMail();
    if (refundFrom) await settleRefunds(refundFrom);
  }

  // A provider's own answer about a charge (to our call, not a webhook: no event id), applied as above
  function applyAnswer(
    ctx: Pick<ServiceContext, 'kickMail'> | null,
    provider: ProviderName,
    providerRef: string,
    answer: { status: ProviderStatus; failureMessage: string | null },
  ): Promise<void> {
    const { status, failureMessage } = answer;
    return applyStatus(ctx, { provider, providerRef, status, failureMessage, eventId: null });
  }

  // Closes the charges still open for a booking or top-up (cancelled, or its time ran out), each answer applied as above.
  async function cancelOpenCharges(
    ctx: Pick<ServiceContext, 'kickMail'> | null,
    owner: PaymentOwnerKey,
  ): Promise<void> {
    for (const payment of await openChargesFor(deps.db, owner)) {
      try {
        const charge = await providerOf(payment.provider).cancelCharge(payment.providerRef ?? '');
        await applyAnswer(ctx, payment.provider, charge.providerRef, charge);
      } catch (error) {
        deps.log.warn({ err: error, paymentId: payment.id }, 'could not cancel an open charge');
      }
    }
  }

  // A refund the provider had confirmed did not reach the card after all: its amount is owed again and held for the
  // operator (the desk's "Check at the provider"), never asked for again by the sweeper on its own. Once per event and
  // per refund. A refund the portal has not recorded is either one made by hand at the provider (nothing of ours to
  // change) or one whose confirmation this portal has not written yet (an attempt still open): that one is refused
  // for now, so the provider delivers the event again after the attempt is settled.
  async function applyRefundFailure(provider: ProviderName, event: RefundFailedEvent): Promise<void> {
    await deps.db.transaction(async (tx) => {
      if (!(await recordWebhookEvent(tx, provider, event.eventId))) return;
      const refund = await lockRecordedRefund(tx, provider, event.refundRef);
      if (!refund) {
        const payment = event.providerRef ? await lockPaymentByRef(tx, provider, event.providerRef) : null;
        if (payment?.refundAttemptId)
          throw new Error(`refund ${event.refundRef} failed before its attempt was settled`);
        deps.log.warn({ provider, refundRef: event.refundRef }, 'a refund not made through the portal failed');
        return;
      }
      if (refund.status === 'failed') return;
      const amount = minorToMajor(refund.amountMinor).toFixed(2);
      const reason = event.failureMessage ? `: ${event.failureMessage}` : '';
      await markRecordedRefundFailed(
        tx,
        refund,
        `${provider} reported the refund of ${amount} failed${reason}. Nothing reached the card: ask again, or refund it there and record it.`,
      );
    });
  }

  async function handleWebhook(providerName: ProviderName, rawBody: Buffer, headers: WebhookHeaders): Promise<void> {
    let event: ReturnType<PaymentProvider['parseWebhook']>;
    try {
      event = providerOf(providerName).parseWebhook(rawBody, headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError || error instanceof UnhandledWebhookEventError) throw error;
      throw new MalformedWebhookError(error instanceof Error ? error.message : 'Malformed webhook body');
    }
    if (event.kind === 'refundFailed') return applyRefundFailure(providerName, event);
    await applyStatus(null, {
      provider: providerName,
      providerRef: event.providerRef,
      status: event.status,
      failureMessage: event.failureMessage,
      eventId: event.eventId,
    });
  }

  // Asks the provider about an open payment (the return from a pay page may arrive before the webhook).
  async function refreshCharge(ctx: Pick<ServiceContext, 'kickMail'>, payment: PaymentRecord): Promise<void> {
    if (!OPEN_STATUSES.includes(payment.status) || !payment.providerRef) return;
    try {
      const charge = await providerOf(payment.provider).retrieveCharge(payment.providerRef);
      if (charge.status === payment.status) return;
      await applyAnswer(ctx, payment.provider, payment.providerRef, charge);
    } catch (error) {
      deps.log.warn({ err: error, paymentId: payment.id }, 'payment status check failed');
    }
  }

  return {
    registerOwner: (kind: PaymentOwnerKind, owner: PaymentOwner) => {
      owners.set(kind, owner);
    },
    hasProvider: (name: ProviderName) => deps.providers.byName(name) !== null,
    startCharge,
    handleWebhook,
    refreshCharge,
    findForAgency: (agencyId: string, paymentId: string) => findAgencyPayment(deps.db, agencyId, paymentId),
    markRefundDue,
    settleRefunds,
    recordRefundMade,
    retryDueRefunds,
    cancelOpenCharges,
  };
}
