import { sql } from 'drizzle-orm';
import type { CurrencyCode, Language } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { lowBalanceAlerts } from '../../db/schema/index.ts';

type Account = { agencyId: string; currency: CurrencyCode };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// The last deposit of an account: its entry and the available amount it left (balance after it + the credit limit)
const LAST_DEPOSIT = sql`
  CROSS JOIN LATERAL (
    SELECT le.id, le.balance_after_minor FROM ledger_entries le
    WHERE le.agency_id = ab.agency_id AND le.currency = ab.currency AND le.kind = 'deposit'
    ORDER BY le.seq DESC LIMIT 1
  ) d`;

export type AlertCandidate = Account & {
  availableMinor: number;
  levelMinor: number;
  depositEntryId: string;
  sentStage: number;
  siteId: string;
  language: Language;
  agencyName: string;
};

// Accounts of approved agencies whose available amount is below 40 % of what their last deposit left available, with
// the stage already mailed for that deposit (0: none)
export async function alertCandidates(db: DbOrTx, belowPercent: number): Promise<AlertCandidate[]> {
  const rows = rowsOf<{
    agency_id: string;
    currency: CurrencyCode;
    available: string | number;
    level: string | number;
    deposit_id: string;
    sent_stage: number | null;
    site_id: string;
    language: Language;
    name: string;
  }>(
    await db.execute(sql`
      SELECT ab.agency_id, ab.currency, ab.balance_minor + ab.credit_limit_minor AS available,
        d.balance_after_minor + ab.credit_limit_minor AS level, d.id AS deposit_id,
        CASE WHEN lba.deposit_entry_id = d.id THEN lba.stage ELSE 0 END AS sent_stage,
        a.site_id, a.language, a.name
      FROM agency_balances ab
      JOIN agencies a ON a.id = ab.agency_id AND a.status = 'approved'
      ${LAST_DEPOSIT}
      LEFT JOIN low_balance_alerts lba ON lba.agency_id = ab.agency_id AND lba.currency = ab.currency
      WHERE d.balance_after_minor + ab.credit_limit_minor > 0
        AND (ab.balance_minor + ab.credit_limit_minor) * 100 < (d.balance_after_minor + ab.credit_limit_minor) * ${belowPercent}
      ORDER BY ab.agency_id, ab.currency`),
  );
  return rows.map((row) => ({
    agencyId: row.agency_id,
    currency: row.currency,
    availableMinor: Number(row.available),
    levelMinor: Number(row.level),
    depositEntryId: row.deposit_id,
    sentStage: Number(row.sent_stage ?? 0),
    siteId: row.site_id,
    language: row.language,
    agencyName: row.name,
  }));
}

// What the last deposit left available, for one account (null: no deposit yet)
export async function lastDepositLevel(db: DbOrTx, account: Account): Promise<number | null> {
  const [row] = rowsOf<{ level: string | number }>(
    await db.execute(sql`
      SELECT d.balance_after_minor + ab.credit_limit_minor AS level
      FROM agency_balances ab ${LAST_DEPOSIT}
      WHERE ab.agency_id = ${account.agencyId} AND ab.currency = ${account.currency}`),
  );
  return row ? Number(row.level) : null;
}

// Records that `stage` was reached for this deposit, unless it (or a later stage) already was: true when this call
// moved it, so the caller sends the mail in the same transaction — once per crossing, whichever node runs the job
export async function advanceAlert(tx: DbOrTx, account: Account, depositEntryId: string, stage: number) {
  const rows = await tx
    .insert(lowBalanceAlerts)
    .values({ ...account, depositEntryId, stage })
    .onConflictDoUpdate({
      target: [lowBalanceAlerts.agencyId, lowBalanceAlerts.currency],
      set: { depositEntryId, stage, updatedAt: sql`now()` },
      setWhere: sql`${lowBalanceAlerts.depositEntryId} <> ${depositEntryId} OR ${lowBalanceAlerts.stage} < ${stage}`,
    })
    .returning({ stage: lowBalanceAlerts.stage });
  return rows.length > 0;
}
