import type { TopUpView } from '@portal/contract';
import { minorToMajor } from '@portal/contract';
import type { AppConfig } from '../../config/env.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { latestPaymentFor, publishableKeyFor, type PaymentRecord } from '../payments/index.ts';
import type { TopUpRow } from './top-ups.repo.ts';

// A top-up as the agency and the operator see it: amounts in major units, its open card payment when it has one

export function topUpView(
  row: TopUpRow & { agencyName?: string },
  payment: PaymentRecord | null,
  config?: AppConfig,
): TopUpView {
  return {
    id: row.id,
    reference: row.reference,
    method: row.method,
    status: row.status,
    currencyCode: row.currency,
    amount: minorToMajor(row.amountMinor),
    fee: minorToMajor(row.feeMinor),
    total: minorToMajor(row.amountMinor + row.feeMinor),
    transferDate: row.transferDate,
    bankReference: row.bankReference,
    rejectReason: row.rejectReason ?? row.failureMessage,
    createdAt: row.createdAt.toISOString(),
    creditedAt: row.creditedAt?.toISOString() ?? null,
    proofFileId: row.proofFileId,
    payment: payment
      ? {
          id: payment.id,
          provider: payment.provider,
          status: payment.status,
          redirectUrl: payment.redirectUrl,
          clientSecret: payment.clientSecret,
          publishableKey: config ? publishableKeyFor(payment, config) : null,
          failureMessage: payment.failureMessage,
        }
      : null,
    ...(row.agencyName === undefined ? {} : { agencyName: row.agencyName }),
  };
}

// the open card payment is shown only while the top-up waits for it (the list asks once per pending card top-up)
export async function viewOf(ctx: Pick<ServiceContext, 'db' | 'config'>, row: TopUpRow): Promise<TopUpView> {
  const isWaitingForCard = row.method === 'card' && row.status === 'pending';
  return topUpView(row, isWaitingForCard ? await latestPaymentFor(ctx.db, { topUpId: row.id }) : null, ctx.config);
}
