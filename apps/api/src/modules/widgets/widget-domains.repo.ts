import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { widgets } from '../../db/schema/index.ts';

export type DomainRow = {
  id: string;
  domain: string;
  domainStatus: 'pendingVerification' | 'verified' | 'verificationFailed' | null;
  domainToken: string;
  domainReason: string | null;
  domainCheckedAt: Date | null;
};

const domainColumns = {
  id: widgets.id,
  domain: widgets.domain,
  domainStatus: widgets.domainStatus,
  domainToken: widgets.domainToken,
  domainReason: widgets.domainReason,
  domainCheckedAt: widgets.domainCheckedAt,
};

// One widget's domain, scoped by the caller's agency (another agency's id reads as missing)
export async function findWidgetDomain(db: DbOrTx, agencyId: string, id: string): Promise<DomainRow | null> {
  const [row] = await db
    .select(domainColumns)
    .from(widgets)
    .where(and(eq(widgets.id, id), eq(widgets.agencyId, agencyId), isNull(widgets.deletedAt)));
  return row ?? null;
}

// The domains the job checks next: never checked first, then the longest unchecked. Pending and failed ones are
// due after `retryAfterMs`, verified ones after `recheckAfterMs` (a domain can be pointed away later).
export async function domainsDue(
  db: DbOrTx,
  options: { retryAfterMs: number; recheckAfterMs: number; limit: number },
): Promise<DomainRow[]> {
  const olderThan = (ms: number) => sql`${widgets.domainCheckedAt} < now() - make_interval(secs => ${ms / 1000})`;
  return db
    .select(domainColumns)
    .from(widgets)
    .where(
      and(
        ne(widgets.domain, ''),
        isNull(widgets.deletedAt),
        or(
          isNull(widgets.domainCheckedAt),
          and(ne(widgets.domainStatus, 'verified'), olderThan(options.retryAfterMs)),
          and(eq(widgets.domainStatus, 'verified'), olderThan(options.recheckAfterMs)),
        ),
      ),
    )
    .orderBy(sql`${widgets.domainCheckedAt} ASC NULLS FIRST`, asc(widgets.id))
    .limit(options.limit);
}

// A check's outcome, stored only while the widget still has the domain that was checked (a save may have changed it
// meanwhile; that one is pending again and checked on its own)
export async function recordDomainCheck(
  db: DbOrTx,
  id: string,
  domain: string,
  outcome: { status: 'verified' | 'verificationFailed'; reason: string | null },
): Promise<DomainRow | null> {
  const [row] = await db
    .update(widgets)
    .set({ domainStatus: outcome.status, domainReason: outcome.reason, domainCheckedAt: sql`now()` })
    .where(and(eq(widgets.id, id), eq(widgets.domain, domain), isNull(widgets.deletedAt)))
    .returning(domainColumns);
  return row ?? null;
}

// Whether a host is a live widget's verified domain (the TLS proxy's question, and the shop's own guard)
export async function isVerifiedDomain(db: DbOrTx, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: widgets.id })
    .from(widgets)
    .where(and(eq(widgets.domain, domain), eq(widgets.domainStatus, 'verified'), isNull(widgets.deletedAt)))
    .limit(1);
  return row !== undefined;
}
