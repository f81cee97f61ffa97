import { BOOKING_MESSAGES } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { latestPaymentFor, type PaymentOwner, type PaymentRecord, type PaymentsService } from '../payments/index.ts';
import { credit } from './top-up-credit.ts';
import { findTopUp, moveTopUp, staleCardTopUps } from './top-ups.repo.ts';

// A card top-up's payment, from the payments module's side: the top-up as the owner of its card payment (what the
// provider's answers do to it) and the sweeper that ends card top-ups left unpaid. The charge itself is started by
// the request (top-ups.service.ts#createTopUp).

// how long a card top-up's payment may stay open before it is closed at the provider and the top-up ends unpaid
export const TOP_UP_PAYMENT_MINUTES = 30;

// A top-up as the owner of its card payment: money that arrives is credited once — also after the top-up was
// closed unpaid (the payment still went through); a second arrival for a credited top-up goes back to the card.
export function topUpPaymentOwner(): PaymentOwner {
  const locked = async (tx: DbOrTx, payment: PaymentRecord) => {
    const row = payment.topUpId === null ? null : await findTopUp(tx, payment.topUpId, null, true);
    if (!row) throw new Error(`payment ${payment.id} has no top-up`);
    return row;
  };
  return {
    paid: async (tx, payment) => {
      const row = await locked(tx, payment);
      if (row.status === 'credited' || row.status === 'rejected')
        return { kept: false, refundReason: `top-up ${row.reference} was already ${row.status}` };
      await credit(tx, row, {});
      return { kept: true };
    },
    closedUnpaid: async (tx, payment, closed) => {
      const row = await locked(tx, payment);
      if (row.status !== 'pending' || !closed.isLatest) return;
      await moveTopUp(tx, row.id, 'pending', { status: closed.status, failureMessage: closed.failureMessage });
    },
  };
}

// Card top-ups whose payment stayed open past its time: closed at the provider (a payment that went through is
// credited by that answer), and ended as cancelled when no charge is open any more. Returns how many ended.
export async function closeStaleCardTopUps(
  db: Db,
  payments: PaymentsService,
  log: ServiceContext['log'],
  now = new Date(),
): Promise<number> {
  let closed = 0;
  for (const id of await staleCardTopUps(db, new Date(now.getTime() - TOP_UP_PAYMENT_MINUTES * 60_000), 50)) {
    try {
      await payments.cancelOpenCharges(null, { topUpId: id });
      const payment = await latestPaymentFor(db, { topUpId: id });
      const stillOpen = payment?.providerRef && (payment.status === 'pending' || payment.status === 'requires_action');
      if (stillOpen) continue;
      // closed by the provider's answer above, or (no charge ever reached the provider) here
      await moveTopUp(db, id, 'pending', { status: 'cancelled', failureMessage: BOOKING_MESSAGES.paymentCancelled });
      if ((await findTopUp(db, id, null))?.status !== 'pending') closed++;
    } catch (error) {
      log.error({ err: error, topUpId: id }, 'could not close a stale card top-up');
    }
  }
  return closed;
}
