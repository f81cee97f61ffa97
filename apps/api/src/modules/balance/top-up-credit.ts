import type { Language } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { t } from '../../lib/i18n.ts';
import { postLedgerEntry } from '../ledger/index.ts';
import { findAgency, moveTopUp, type TopUpRow } from './top-ups.repo.ts';

// A top-up is credited once, here: from its confirmed card payment (top-up-card-payments.ts) or the operator's
// confirmation of a transfer (top-up-transfers.service.ts). The fee is charged with the amount and never credited.

// in the agency's language: the statement shows it as written
function depositDescription(row: TopUpRow, language: Language): string {
  if (row.method === 'card') return t(language, 'ledger:topUpByCard', { reference: row.reference });
  return t(language, 'ledger:bankTransfer', { reference: row.reference, bankReference: row.bankReference ?? '' });
}

// Credits a top-up once: the entry and the status change commit together, from the status the caller locked
export async function credit(tx: DbOrTx, row: TopUpRow, changes: { decidedBy?: string }) {
  await postLedgerEntry(tx, {
    agencyId: row.agencyId,
    currency: row.currency,
    amountMinor: row.amountMinor,
    kind: 'deposit',
    description: depositDescription(row, (await findAgency(tx, row.agencyId))?.language ?? 'en'),
    reference: row.reference,
  });
  const moved = await moveTopUp(tx, row.id, row.status, {
    status: 'credited',
    creditedAt: new Date(),
    failureMessage: null,
    ...changes,
  });
  if (!moved) throw new Error(`top-up ${row.id} changed while it was being credited`);
  return moved;
}
