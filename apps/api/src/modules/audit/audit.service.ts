import type { AuditAction, AuditChange, AuditListResponse, AuditQuery } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { AgencyActor, ServiceContext } from '../../lib/context.ts';
import { insertAuditEvent, listAuditEvents, type AuditEntity } from './audit.repo.ts';

// The audit trail of an agency's company data, agents and roles (issue "Company settings, agents and roles"): one
// entry per change, written by the change's own transaction; values compared as text.

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

export async function recordAudit(
  tx: DbOrTx,
  actor: AgencyActor,
  entry: { entity: AuditEntity; entityId: string; subject: string; action: AuditAction; changes: AuditChange[] },
): Promise<void> {
  await insertAuditEvent(tx, {
    agencyId: actor.agencyId,
    actorUserId: actor.userId,
    actorName: actor.name,
    ...entry,
  });
}

export async function auditHistory(
  ctx: ServiceContext,
  actor: AgencyActor,
  entity: AuditEntity,
  query: AuditQuery,
): Promise<AuditListResponse> {
  const { rows, total } = await listAuditEvents(ctx.db, actor.agencyId, entity, {
    limit: query.onPage,
    offset: (query.page - 1) * query.onPage,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      actorName: row.actorName,
      action: row.action as AuditAction,
      subject: row.subject,
      changes: row.changes,
    })),
    total,
    page: query.page,
    onPage: query.onPage,
  };
}
