import type { AuditAction, AuditChange } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { requireActor } from '../../lib/require-actor.ts';
import { recordAudit } from '../audit/index.ts';
import type { TourRow } from './admin-catalogue.repo.ts';

// The back office's catalogue and stock (issue 12): each change runs in one transaction with exactly one audit row
// (`agencyId: null`: catalogue objects belong to no agency); a change that alters nothing writes nothing.

// An audited field's value: texts per language and lists are flattened to these
export type AuditValue = string | number | boolean | null;

// JSON with sorted keys: jsonb gives objects back in its own key order
export const sortedJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

export function recordCatalogueAudit(
  tx: DbOrTx,
  ctx: ServiceContext,
  entry: { entity: 'tour' | 'offer' | 'slot' | 'promoCode'; entityId: string; subject: string; action: AuditAction },
  changes: AuditChange[],
) {
  return recordAudit(tx, requireActor(ctx), { ...entry, agencyId: null, changes });
}

// The subject of an option's audit rows (its prices and slots included): the tour's and the option's English names
export const offerSubject = (tour: TourRow, offer: { name: { en: string } }) => `${tour.title.en} — ${offer.name.en}`;
