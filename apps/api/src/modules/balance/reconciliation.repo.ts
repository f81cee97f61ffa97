import { sql } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { ReconciliationXlsxRow } from '../documents/index.ts';

// The month's reconciliation rows: every ledger entry of the account in balance order with what it was for — the
// booking (reference, travel date, guest, people, published price) or the top-up (card or bank transfer)

// the sheet's row, with the entry's place in the balance order and its description
export type ReconciliationRow = ReconciliationXlsxRow & { seq: number; description: string };

const dubaiDate = sql`(le.created_at AT TIME ZONE 'Asia/Dubai')::date`;

export async function reconciliationBatch(
  db: DbOrTx,
  account: { agencyId: string; currency: CurrencyCode },
  period: { from: string; to: string },
  afterSeq: number,
  limit: number,
): Promise<ReconciliationRow[]> {
  const result = (await db.execute(sql`
    SELECT le.seq, le.kind, to_char(${dubaiDate}, 'YYYY-MM-DD') AS entry_date,
      coalesce(b.reference, le.reference, '') AS reference, le.description, to_char(b.date, 'YYYY-MM-DD') AS service_date,
      coalesce(b.guest_name, '') AS guest, b.adults, b.children, b.infants, le.amount_minor, le.balance_after_minor,
      b.published_total_minor, b.net_total_minor, tu.method AS top_up_method
    FROM ledger_entries le
    LEFT JOIN bookings b ON b.id = le.booking_id
    LEFT JOIN top_ups tu ON le.kind = 'deposit' AND tu.agency_id = le.agency_id AND tu.reference = le.reference
    WHERE le.agency_id = ${account.agencyId} AND le.currency = ${account.currency}
      AND le.created_at >= (${period.from}::date::timestamp AT TIME ZONE 'Asia/Dubai')
      AND le.created_at < ((${period.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Dubai')
      AND le.seq > ${afterSeq}
    ORDER BY le.seq LIMIT ${limit}`)) as unknown as {
    rows: {
      seq: string | number;
      kind: ReconciliationRow['kind'];
      entry_date: string;
      reference: string;
      description: string;
      service_date: string | null;
      guest: string;
      adults: number | null;
      children: number | null;
      infants: number | null;
      amount_minor: string | number;
      balance_after_minor: string | number | null;
      published_total_minor: string | number | null;
      net_total_minor: string | number | null;
      top_up_method: 'card' | 'bank_transfer' | null;
    }[];
  };
  return result.rows.map((row) => ({
    seq: Number(row.seq),
    kind: row.kind,
    entryDate: row.entry_date,
    reference: row.reference,
    description: row.description,
    serviceDate: row.service_date,
    guest: row.guest,
    pax: row.adults === null ? '' : `${row.adults}/${row.children ?? 0}/${row.infants ?? 0}`,
    amountMinor: Number(row.amount_minor),
    publishedMinor: row.published_total_minor === null ? null : Number(row.published_total_minor),
    netMinor: row.net_total_minor === null ? null : Number(row.net_total_minor),
    topUpMethod: row.top_up_method,
    balanceAfterMinor: Number(row.balance_after_minor ?? 0),
  }));
}
