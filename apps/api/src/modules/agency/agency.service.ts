import { randomUUID } from 'node:crypto';
import { can } from '@portal/contract';
import type {
  AgencyDetails,
  AgencyDetailsInput,
  AgencyFileKind,
  AuditListResponse,
  AuditQuery,
} from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import type { AgencyActor, ServiceContext } from '../../lib/context.ts';
import { withTransaction } from '../../lib/context.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { uploadDisplayName, type CheckedUpload } from '../../lib/upload.ts';
import { auditHistory, changesBetween, recordAudit } from '../audit/index.ts';
import * as repo from './agency.repo.ts';
import { agencyDetailsView, auditFieldsOf, valuesOf } from './agency-views.ts';

// SPEC §2 company settings, §3 Agency: every role of the agency reads them, admins change them (route access); each
// change commits together with its history entry.

export async function getAgencyDetails(ctx: ServiceContext, actor: AgencyActor): Promise<AgencyDetails> {
  const [agency, documents] = await Promise.all([
    repo.findAgency(ctx.db, actor.agencyId),
    repo.agencyDocuments(ctx.db, actor.agencyId),
  ]);
  if (!agency) throw AppError.notFound();
  return agencyDetailsView(agency, documents, {
    canEdit: can(actor.role, 'editCompanyDetails'),
    today: dubaiDate(),
  });
}

export async function updateAgencyDetails(
  ctx: ServiceContext,
  actor: AgencyActor,
  input: AgencyDetailsInput,
): Promise<AgencyDetails> {
  const after = valuesOf(input);
  await withTransaction(ctx.db, async (tx) => {
    const before = await repo.lockAgency(tx, actor.agencyId);
    if (!before) throw AppError.notFound();
    const changes = changesBetween(auditFieldsOf(before), auditFieldsOf(after));
    if (changes.length === 0) return;
    // a new expiry date is a new licence: its own warning when it comes within LICENCE_WARNING_DAYS
    const isNewExpiry = before.tradeLicenseExpiry !== after.tradeLicenseExpiry;
    await repo.saveAgencyDetails(tx, actor.agencyId, after, isNewExpiry);
    await recordAudit(tx, actor, {
      entity: 'agency',
      entityId: actor.agencyId,
      subject: after.name,
      action: 'agency.updated',
      changes,
    });
  });
  return getAgencyDetails(ctx, actor);
}

export async function uploadAgencyDocument(
  ctx: ServiceContext,
  actor: AgencyActor,
  kind: AgencyFileKind,
  upload: CheckedUpload,
): Promise<AgencyDetails> {
  const originalName = uploadDisplayName(upload.filename, 'document');
  // the bytes are written first and removed again if the transaction fails: no row ever names a missing file
  const storageKey = `agency/${actor.agencyId}/${randomUUID()}.${upload.type.extension}`;
  await ctx.storage.put(storageKey, upload.data);
  try {
    await withTransaction(ctx.db, async (tx) => {
      const agency = await repo.lockAgency(tx, actor.agencyId);
      if (!agency) throw AppError.notFound();
      const currentId = agency[repo.FILE_COLUMNS[kind]];
      const current = currentId ? await repo.findAgencyFile(tx, actor.agencyId, currentId) : null;
      const file = await repo.insertAgencyFile(tx, {
        agencyId: actor.agencyId,
        kind,
        originalName,
        contentType: upload.type.mime,
        sizeBytes: upload.data.length,
        storageKey,
        uploadedBy: actor.userId,
      });
      await repo.pointAgencyAt(tx, actor.agencyId, kind, file.id);
      await recordAudit(tx, actor, {
        entity: 'agency',
        entityId: actor.agencyId,
        subject: agency.name,
        action: 'agency.fileUploaded',
        changes: [{ field: `files.${kind}`, from: current?.originalName ?? null, to: originalName }],
      });
    });
  } catch (error) {
    await ctx.storage.remove(storageKey).catch((removeError: unknown) => {
      ctx.log.warn({ err: loggableError(removeError), storageKey }, 'could not remove the file of a failed upload');
    });
    throw error;
  }
  return getAgencyDetails(ctx, actor);
}

export function agencyHistory(ctx: ServiceContext, actor: AgencyActor, query: AuditQuery): Promise<AuditListResponse> {
  return auditHistory(ctx, actor, 'agency', query);
}
