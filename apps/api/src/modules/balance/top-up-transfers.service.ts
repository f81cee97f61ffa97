import { randomUUID } from 'node:crypto';
import type { TopUpView } from '@portal/contract';
import { MONEY_MESSAGES, minorToMajor } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { requireActor, requireAgencyActor } from '../../lib/require-actor.ts';
import { uploadDisplayName, type CheckedUpload } from '../../lib/upload.ts';
import { recordAudit } from '../audit/index.ts';
import { insertFile } from '../files/index.ts';
import { credit } from './top-up-credit.ts';
import { requireTopUp } from './top-ups.service.ts';
import { moveTopUp, type TopUpRow } from './top-ups.repo.ts';
import { topUpView, viewOf } from './top-ups.views.ts';

// A declared bank transfer while it waits for the tours company: the agent's proof, then the operator's decision
// (confirmed: credited once; or rejected with a reason), each with one audit row in its transaction.

// A pending top-up the caller holds locked, moved on; the lock makes a miss a bug, not a race
async function moveLocked(tx: DbOrTx, id: string, changes: Parameters<typeof moveTopUp>[3]): Promise<TopUpRow> {
  const moved = await moveTopUp(tx, id, 'pending', changes);
  if (!moved) throw new Error(`top-up ${id} changed while it was locked`);
  return moved;
}

// The agent attaches the proof of a declared transfer (their bank slip) while it waits for the tours company. The bytes
// are stored first and removed again if the transaction fails: no row ever names a missing file. A newer proof
// replaces the one shown (the older file is kept, as company documents are).
export async function attachTransferProof(
  ctx: ServiceContext,
  id: string,
  readUpload: () => Promise<CheckedUpload>,
): Promise<TopUpView> {
  const actor = requireAgencyActor(ctx);
  // another agency's id (or an unknown one) is a 404 before the file is even read
  await requireTopUp(ctx.db, id, actor.agencyId);
  const upload = await readUpload();
  const storageKey = `agency/${actor.agencyId}/transfer-proof/${randomUUID()}.${upload.type.extension}`;
  await ctx.storage.put(storageKey, upload.data);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const current = await requireTopUp(tx, id, actor.agencyId, true);
      if (current.method !== 'bank_transfer' || current.status !== 'pending')
        throw AppError.field('id', MONEY_MESSAGES.proofNotAllowed);
      const file = await insertFile(tx, {
        agencyId: actor.agencyId,
        kind: 'transferProof',
        originalName: uploadDisplayName(upload.filename, 'proof'),
        contentType: upload.type.mime,
        sizeBytes: upload.data.length,
        storageKey,
        uploadedBy: actor.userId,
      });
      const moved = await moveLocked(tx, current.id, { proofFileId: file.id });
      await recordAudit(tx, actor, {
        agencyId: actor.agencyId,
        entity: 'topUp',
        entityId: current.id,
        subject: current.reference,
        action: 'topUp.proofAttached',
        changes: [{ field: 'proof', from: current.proofFileId, to: file.id }],
      });
      return moved;
    });
    return viewOf(ctx, row);
  } catch (error) {
    await ctx.storage.remove(storageKey).catch((removeError: unknown) => {
      ctx.log.warn({ err: loggableError(removeError), storageKey }, 'could not remove the file of a failed upload');
    });
    throw error;
  }
}

// A declared bank transfer still waiting for the operator, locked for the decision (the row lock and the status
// decide between two operators)
async function lockPendingTransfer(tx: DbOrTx, id: string): Promise<TopUpRow> {
  const current = await requireTopUp(tx, id, null, true);
  if (current.method !== 'bank_transfer' || current.status !== 'pending')
    throw AppError.field('id', MONEY_MESSAGES.notPending);
  return current;
}

// The operator's decision on a transfer, one audit row in its transaction
function auditTransfer(
  tx: DbOrTx,
  actor: ReturnType<typeof requireActor>,
  before: TopUpRow,
  after: TopUpRow,
  action: 'topUp.confirmed' | 'topUp.rejected',
) {
  return recordAudit(tx, actor, {
    agencyId: after.agencyId,
    entity: 'topUp',
    entityId: after.id,
    subject: `${after.reference} · ${minorToMajor(after.amountMinor).toFixed(2)} ${after.currency.toUpperCase()}`,
    action,
    changes: [
      { field: 'status', from: before.status, to: after.status },
      ...(after.rejectReason ? [{ field: 'rejectReason', from: null, to: after.rejectReason }] : []),
    ],
  });
}

// The operator confirms a declared bank transfer: credited once (the row lock and the status guard decide)
export async function confirmTransfer(ctx: ServiceContext, id: string): Promise<TopUpView> {
  const actor = requireActor(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockPendingTransfer(tx, id);
    const credited = await credit(tx, current, { decidedBy: actor.userId });
    await auditTransfer(tx, actor, current, credited, 'topUp.confirmed');
    return credited;
  });
  return topUpView(row, null);
}

export async function rejectTransfer(ctx: ServiceContext, id: string, reason: string): Promise<TopUpView> {
  const actor = requireActor(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockPendingTransfer(tx, id);
    const moved = await moveLocked(tx, current.id, {
      status: 'rejected',
      rejectReason: reason,
      decidedBy: actor.userId,
    });
    await auditTransfer(tx, actor, current, moved, 'topUp.rejected');
    return moved;
  });
  return topUpView(row, null);
}
