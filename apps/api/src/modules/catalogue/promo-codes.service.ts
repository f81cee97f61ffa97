import type { AdminPromoCode, CreatePromoCodeBody, UpdatePromoCodeBody } from '@portal/contract';
import { CATALOGUE_ADMIN_MESSAGES as M } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import { withTransaction, type ServiceContext } from '../../lib/context.ts';
import { changesBetween } from '../audit/index.ts';
import { recordCatalogueAudit, type AuditValue } from './admin-catalogue-audit.ts';
import * as repo from './admin-catalogue.repo.ts';

// The back office's promo codes (issue 12): a code is stored in capitals; its percent, dates and switch change.

const promoView = (row: repo.PromoCodeRow): AdminPromoCode => ({ ...row });
const promoFields = (row: repo.PromoCodeRow): Record<string, AuditValue> => ({
  percent: row.percent,
  validFrom: row.validFrom,
  validTo: row.validTo,
  isActive: row.isActive,
});

export async function listPromoCodes(ctx: ServiceContext): Promise<AdminPromoCode[]> {
  return (await repo.listPromoCodes(ctx.db)).map(promoView);
}

export async function createPromoCode(ctx: ServiceContext, body: CreatePromoCodeBody): Promise<AdminPromoCode> {
  const row: repo.PromoCodeRow = {
    code: body.code.toUpperCase(),
    percent: body.percent,
    validFrom: body.validFrom,
    validTo: body.validTo,
    isActive: body.isActive,
  };
  await withTransaction(ctx.db, async (tx) => {
    if (!(await repo.insertPromoCode(tx, row))) throw AppError.field('code', M.codeTaken);
    await recordCatalogueAudit(
      tx,
      ctx,
      { entity: 'promoCode', entityId: row.code, subject: row.code, action: 'promoCode.created' },
      changesBetween({}, promoFields(row)),
    );
  });
  return promoView(row);
}

export async function updatePromoCode(
  ctx: ServiceContext,
  code: string,
  body: UpdatePromoCodeBody,
): Promise<AdminPromoCode> {
  return withTransaction(ctx.db, async (tx) => {
    const current = await repo.findPromoCode(tx, code, true);
    if (!current) throw AppError.notFound(M.unknownPromoCode);
    const row: repo.PromoCodeRow = { code: current.code, ...body };
    const changes = changesBetween(promoFields(current), promoFields(row));
    if (changes.length === 0) return promoView(current);
    await repo.updatePromoCode(tx, row);
    await recordCatalogueAudit(
      tx,
      ctx,
      { entity: 'promoCode', entityId: row.code, subject: row.code, action: 'promoCode.updated' },
      changes,
    );
    return promoView(row);
  });
}
