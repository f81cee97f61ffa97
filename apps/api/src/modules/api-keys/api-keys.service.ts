import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_SECRET_PREFIX,
  MAX_ACTIVE_API_KEYS,
  MESSAGES,
  TEST_BALANCE_REFILL_MINOR,
  minorToMajor,
  type ApiKey,
  type ApiKeyListResponse,
  type TestBalance,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { withTransaction, type Actor, type AgencyActor, type ServiceContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAgencyActor } from '../../lib/require-actor.ts';
import { siteUrl } from '../../lib/site-url.ts';
import { lockAgency, requireApiAgency } from '../account/index.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './api-keys.repo.ts';

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function keyView(row: repo.ApiKeyRow, createdBy: string): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    role: row.role,
    isTest: row.isTest,
    createdAt: row.createdAt.toISOString(),
    createdBy,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

const testBalanceOf = (agency: { testBalanceMinor: number; currency: 'aed' | 'usd' }): TestBalance => ({
  amount: minorToMajor(agency.testBalanceMinor),
  currencyCode: agency.currency,
});

// Test keys pay with this; a refill sets it to TEST_BALANCE_REFILL_MINOR (nothing real moves)
export async function refillTestBalance(ctx: ServiceContext): Promise<TestBalance> {
  const { actor, agency } = await requireApiAgency(ctx);
  await repo.setTestBalance(ctx.db, actor.agencyId, TEST_BALANCE_REFILL_MINOR);
  return testBalanceOf({ ...agency, testBalanceMinor: TEST_BALANCE_REFILL_MINOR });
}

export function octoBaseUrl(ctx: ServiceContext): string {
  return `${siteUrl(ctx.site, ctx.config)}/octo/v1`;
}

export async function listApiKeys(ctx: ServiceContext): Promise<ApiKeyListResponse> {
  const { actor, agency } = await requireApiAgency(ctx);
  const rows = await repo.listKeys(ctx.db, actor.agencyId);
  return {
    keys: rows.map((r) => keyView(r.key, r.createdBy)),
    baseUrl: octoBaseUrl(ctx),
    testBalance: testBalanceOf(agency),
  };
}

export async function createApiKey(ctx: ServiceContext, body: Required<CreateApiKeyBody>): Promise<CreatedApiKey> {
  const { actor } = await requireApiAgency(ctx);
  const secret = `${API_KEY_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const prefix = secret.slice(0, API_KEY_SECRET_PREFIX.length + 8);
  const row = await withTransaction(ctx.db, async (tx) => {
    // counted under the agency's own lock so two clicks cannot pass the limit together
    await lockAgency(tx, actor.agencyId);
    if ((await repo.countActiveKeys(tx, actor.agencyId)) >= MAX_ACTIVE_API_KEYS)
      throw AppError.field('name', API_KEY_MESSAGES.tooMany);
    const key = await repo.insertKey(tx, {
      agencyId: actor.agencyId,
      userId: actor.userId,
      name: body.name,
      prefix,
      secretHash: hashSecret(secret),
      role: body.role,
      isTest: body.isTest,
    });
    await recordAudit(tx, actor, {
      entity: 'apiKey',
      entityId: key.id,
      subject: key.name,
      action: 'apiKey.created',
      changes: [
        { field: 'prefix', from: null, to: prefix },
        { field: 'role', from: null, to: key.role },
        ...(key.isTest ? [{ field: 'isTest', from: null, to: 'true' }] : []),
      ],
    });
    return key;
  });
  return { ...keyView(row, actor.name), secret };
}

async function revokeIn(ctx: ServiceContext, actor: Actor, agencyId: string, id: string): Promise<ApiKey> {
  const done = await withTransaction(ctx.db, async (tx) => {
    const revoked = await repo.revokeKey(tx, agencyId, id, actor.userId);
    if (!revoked) return null;
    await recordAudit(tx, actor, {
      agencyId,
      entity: 'apiKey',
      entityId: revoked.id,
      subject: revoked.name,
      action: 'apiKey.revoked',
      changes: [{ field: 'prefix', from: revoked.prefix, to: null }],
    });
    return revoked;
  });
  // revoking a revoked key changes nothing and answers it as it is
  const row = done ?? (await repo.findKey(ctx.db, agencyId, id));
  if (!row) throw AppError.notFound(API_KEY_MESSAGES.unknownKey);
  const list = await repo.listKeys(ctx.db, agencyId);
  return keyView(row, list.find((r) => r.key.id === row.id)?.createdBy ?? '');
}

// An agency's admin revokes its own keys even after the tours company switched the API off
export async function revokeApiKey(ctx: ServiceContext, id: string): Promise<ApiKey> {
  const actor = requireAgencyActor(ctx);
  return revokeIn(ctx, actor, actor.agencyId, id);
}

// The tours company's operator: any agency's key
export async function revokeAgencyApiKey(ctx: ServiceContext, agencyId: string, id: string): Promise<ApiKey> {
  if (!ctx.actor || ctx.actor.role !== 'operator') throw new AppError('forbidden', MESSAGES.forbidden);
  return revokeIn(ctx, ctx.actor, agencyId, id);
}

export async function listAgencyApiKeys(ctx: ServiceContext, agencyId: string): Promise<ApiKey[]> {
  const rows = await repo.listAllKeys(ctx.db, agencyId);
  return rows.map((r) => keyView(r.key, r.createdBy));
}

const lastTouched = new Map<string, number>();

export type ApiKeyCaller = {
  keyId: string;
  keyName: string;
  actor: AgencyActor;
  language: 'en' | 'ru';
  currency: 'aed' | 'usd';
  siteId: string;
  // a test key: no real stock or money (bookings marked is_test, paid from the test balance)
  isTest: boolean;
};

// The reseller API's authentication: `Authorization: Bearer <secret>`. null: no key, an unknown or revoked one, or
// its user gone (401); an agency not allowed, suspended or not approved: 403.
export async function authenticateApiKey(
  ctx: { db: Db },
  header: string | undefined,
  now = new Date(),
): Promise<ApiKeyCaller | null> {
  if (!header?.startsWith('Bearer ')) return null;
  const secret = header.slice(7).trim();
  if (!secret.startsWith(API_KEY_SECRET_PREFIX) || secret.length > 100) return null;
  const row = await repo.keyBySecretHash(ctx.db, hashSecret(secret));
  if (!row || row.revokedAt || row.userStatus === 'deleted') return null;
  if (row.isApiAllowed === 0) throw new AppError('forbidden', API_KEY_MESSAGES.notAllowed);
  if (row.agencyStatus === 'suspended') throw new AppError('forbidden', MESSAGES.agencySuspended);
  if (row.agencyStatus !== 'approved') throw new AppError('forbidden', MESSAGES.agencyNotApproved);
  // the last use, written at most once a minute per key and node (the statement also skips a fresher one)
  const touched = lastTouched.get(row.id) ?? 0;
  if (now.getTime() - touched >= 60_000) {
    lastTouched.set(row.id, now.getTime());
    void repo.touchKey(ctx.db, row.id, now).catch(() => undefined);
  }
  return {
    keyId: row.id,
    keyName: row.name,
    language: row.language,
    currency: row.currency,
    siteId: row.siteId,
    isTest: row.isTest,
    actor: {
      userId: row.userId,
      agencyId: row.agencyId,
      role: row.role,
      email: row.userEmail,
      name: row.userName,
      agencyStatus: row.agencyStatus,
    },
  };
}
