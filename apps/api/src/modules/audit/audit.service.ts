import type {
  AdminAuditListResponse,
  AdminAuditQuery,
  AuditAction,
  AuditChange,
  AuditListResponse,
  AuditQuery,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor, AgencyActor, ServiceContext } from '../../lib/context.ts';
import { insertAuditEvent, listAuditEvents, type AuditEntity } from './audit.repo.ts';

// The audit trail (issues "Company settings, agents and roles" and "back office"): one entry per change, written by
// the change's own transaction; values compared as text.

type Value = string | number | boolean | null | undefined;

function asText(value: Value): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

// The fields whose value differs, in the order given (flat keys such as 'bank.iban')
export function changesBetween(before: Record<string, Value>, after: Record<string, Value>): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of Object.keys(after)) {
    const from = asText(before[field]);
    const to = asText(after[field]);
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

// One audit row, in the transaction of the change. The agency it belongs to is the actor's own for an agency's users;
// an operator names it (an agency, its top-up or booking) or passes null (a tour, an offer, a slot).
export async function recordAudit(
  tx: DbOrTx,
  actor: Pick<Actor, 'userId' | 'name' | 'agencyId'>,
  entry: {
    entity: AuditEntity;
    entityId: string;
    subject: string;
    action: AuditAction;
    changes: AuditChange[];
    agencyId?: string | null;
  },
): Promise<void> {
  const { agencyId = actor.agencyId, ...rest } = entry;
  await insertAuditEvent(tx, { agencyId, actorUserId: actor.userId, actorName: actor.name, ...rest });
}

type AuditRow = Awaited<ReturnType<typeof listAuditEvents>>['rows'][number];

function toEntry(row: AuditRow) {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actorName: row.actorName,
    action: row.action as AuditAction,
    subject: row.subject,
    changes: row.changes,
  };
}

const pageOf = (query: AuditQuery) => ({ limit: query.onPage, offset: (query.page - 1) * query.onPage });

// An agency's own history of one kind of object (its admins' company and agents pages)
export async function auditHistory(
  ctx: ServiceContext,
  actor: AgencyActor,
  entity: AuditEntity,
  query: AuditQuery,
): Promise<AuditListResponse> {
  const { rows, total } = await listAuditEvents(ctx.db, { agencyId: actor.agencyId, entity }, pageOf(query));
  return { items: rows.map(toEntry), total, page: query.page, onPage: query.onPage };
}

// The operator's audit log: everything, filtered by object, agency or operator
export async function adminAuditLog(ctx: ServiceContext, query: AdminAuditQuery): Promise<AdminAuditListResponse> {
  const filter = {
    agencyId: query.agencyId,
    entity: query.entity,
    entityId: query.entityId,
    actorUserId: query.actorId,
  };
  const { rows, total } = await listAuditEvents(ctx.db, filter, pageOf(query));
  return {
    items: rows.map((row) => ({
      ...toEntry(row),
      entity: row.entity,
      entityId: row.entityId,
      agencyId: row.agencyId,
      actorUserId: row.actorUserId,
    })),
    total,
    page: query.page,
    onPage: query.onPage,
  };
}
