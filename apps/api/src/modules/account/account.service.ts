import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  AccountProfile,
  ChangePasswordBody,
  ForgotPasswordBody,
  Language,
  LoginBody,
  ResetPasswordBody,
  SignupFields,
} from '@portal/contract';
import { MESSAGES } from '@portal/contract';
import { AppError } from '../../lib/app-error.ts';
import type { AppDeps, ServiceContext } from '../../lib/context.ts';
import {
  assertHashCapacity,
  burnPasswordCheck,
  generateTemporaryPassword,
  hashPassword,
  verifyPassword,
} from '../../lib/password.ts';
import { siteUrl } from '../../lib/site-url.ts';
import type { DetectedFileType } from '../../lib/file-type.ts';
import { brandOf, insertMail, passwordChangedMail, passwordResetMail, temporaryPasswordMail } from '../mail/index.ts';
import * as repo from './account.repo.ts';
import { hashIp, mayCheck, throttleKeys } from './login-throttle.ts';
import { countAttempt, forgiveAttempt } from './login-throttle.repo.ts';
import { databaseError } from '../../lib/database-error.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { recordAudit } from '../audit/index.ts';

const RESET_TTL_MINUTES = 60;

// An invited agent has no password until they set one with their link: the stored hash matches no password (it is
// no scrypt hash, verifyPassword refuses it), and it tells a restore that they never set one (agents.service.ts).
const UNUSABLE_PASSWORD_PREFIX = 'unset$';
export function unusablePasswordHash(): string {
  return `${UNUSABLE_PASSWORD_PREFIX}${randomBytes(24).toString('base64url')}`;
}
// anything but a scrypt hash is no password (hashPassword writes only those)
export function hasUnusablePassword(passwordHash: string): boolean {
  return !passwordHash.startsWith('scrypt$');
}

export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

type UserWithAgency = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

const brandFor = (ctx: ServiceContext) => brandOf(ctx.site, ctx.config);

function languageOf(row: UserWithAgency, ctx: ServiceContext): Language {
  return row.agency?.language ?? ctx.site.defaultLanguage;
}

export async function issueToken(ctx: ServiceContext, row: UserWithAgency): Promise<string> {
  const { user, agency } = row;
  return ctx.tokens.sign({
    userId: user.id,
    tokenVersion: user.tokenVersion,
    email: user.email,
    name: user.name,
    phone: user.phone,
    role: user.role,
    agencyId: user.agencyId,
    isWidgetsCreationAllowed: agency?.isWidgetsCreationAllowed ?? 0,
    isCreditCardTopupAllowed: agency?.isCreditCardTopupAllowed ?? 1,
    isApiAllowed: agency?.isApiAllowed ?? 0,
    ...(agency ? { siteKind: ctx.sites.byId(agency.siteId)?.kind ?? 'general' } : {}),
  });
}

export async function login(ctx: ServiceContext, input: LoginBody): Promise<{ accessToken: string }> {
  assertHashCapacity(ctx.ip);
  const keys = throttleKeys(input.email, ctx.ip);
  // counted before the password is checked: a guess over the limit is refused without hashing
  const counts = await countAttempt(ctx.db, keys);
  const row = await repo.findUserByEmail(ctx.db, input.email);
  const allowed = await mayCheck(counts, async () =>
    Boolean(row && (await repo.isTrustedAddress(ctx.db, row.user.id, hashIp(ctx.ip)))),
  );
  if (!allowed) throw new AppError('too_many_requests', MESSAGES.tooManyAttempts, [], counts.retryAfterSeconds);

  // an invited agent without a password is refused like an unknown e-mail, in the same time
  const usable =
    row &&
    row.user.status !== 'deleted' &&
    !hasUnusablePassword(row.user.passwordHash) &&
    (row.user.role === 'operator' || (row.agency?.status !== 'suspended' && row.agency?.status !== 'rejected'));
  if (!row || !usable) {
    await burnPasswordCheck(input.password, ctx.ip);
    throw AppError.field('password', MESSAGES.loginIncorrect);
  }
  if (!(await verifyPassword(input.password, row.user.passwordHash, ctx.ip)))
    throw AppError.field('password', MESSAGES.loginIncorrect);
  await forgiveAttempt(ctx.db, keys);
  await repo.touchLogin(ctx.db, row.user.id, hashIp(ctx.ip));
  return { accessToken: await issueToken(ctx, row) };
}

export type SignupFile = { data: Buffer; filename: string; type: DetectedFileType };

export async function signup(
  ctx: ServiceContext,
  input: SignupFields,
  uploads: { tradeLicense: SignupFile; vatCertificate: SignupFile | null },
): Promise<{ ok: true; email: string }> {
  if (await repo.emailExists(ctx.db, input.email)) throw AppError.field('email', MESSAGES.emailTaken);
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword, ctx.ip);
  const language: Language = input.language ?? ctx.site.defaultLanguage;

  // Files are written first and removed again if the transaction fails: nothing is left half-created.
  const staged = Object.entries(uploads).flatMap(([kind, file]) =>
    file ? [{ kind, file, key: `signup/${randomUUID()}.${file.type.extension}` }] : [],
  );
  await Promise.all(staged.map((s) => ctx.storage.put(s.key, s.file.data)));
  try {
    await ctx.db.transaction(async (tx) => {
      const agency = await repo.insertAgency(tx, {
        siteId: ctx.site.id,
        name: input.companyName,
        tradeLicenseNumber: input.tradeLicenseNumber,
        tradeLicenseExpiry: input.tradeLicenseExpiry,
        trnNumber: input.trnNumber,
        address: input.address,
        country: input.country,
        city: input.city,
        currency: ctx.site.defaultCurrency,
        language,
      });
      const fileIds: Record<string, string> = {};
      for (const s of staged) {
        const file = await repo.insertFile(tx, {
          agencyId: agency.id,
          kind: s.kind,
          originalName: s.file.filename.slice(0, 200),
          contentType: s.file.type.mime,
          sizeBytes: s.file.data.length,
          storageKey: s.key,
        });
        fileIds[s.kind] = file.id;
      }
      await repo.updateAgencyFiles(tx, agency.id, fileIds.tradeLicense ?? null, fileIds.vatCertificate ?? null);
      await repo.insertUser(tx, {
        agencyId: agency.id,
        email: input.email,
        name: input.name,
        phone: input.phone,
        jobTitle: input.jobTitle,
        role: 'admin',
        passwordHash,
        mustChangePassword: true,
      });
      await insertMail(tx, temporaryPasswordMail(language, input.email, input.name, temporaryPassword, brandFor(ctx)));
    });
  } catch (error) {
    await Promise.all(staged.map((s) => ctx.storage.remove(s.key)));
    if (isUniqueViolation(error)) throw AppError.field('email', MESSAGES.emailTaken);
    throw error;
  }
  ctx.kickMail();
  return { ok: true, email: input.email };
}

function isUniqueViolation(error: unknown): boolean {
  return databaseError(error)?.code === '23505';
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// Same answer, the same work and so the same time whether or not the account exists (issue 28: a known address
// took two to three times longer): the request is written down and answered; the job below does the rest.
export async function forgotPassword(ctx: ServiceContext, input: ForgotPasswordBody): Promise<{ ok: true }> {
  await repo.insertPasswordResetRequest(ctx.db, input.email, ctx.site.id);
  ctx.kickPasswordResets();
  return { ok: true };
}

// The job: each waiting request taken once (its row deleted in the transaction that writes the link and its mail);
// an unknown or deleted address, or one that names only invitations elsewhere, gets nothing
export async function answerPasswordResetRequests(deps: AppDeps): Promise<number> {
  let answered = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const request = await repo.takePasswordResetRequest(tx);
      if (!request) return false;
      const row = await repo.findUserByEmail(tx, request.email);
      if (!row || row.user.status === 'deleted') return true;
      const site = deps.sites.byId(request.siteId) ?? deps.sites.byHost(undefined);
      const { token, tokenHash } = newResetToken();
      const link = `${siteUrl(site, deps.config)}/reset-password?token=${token}`;
      const language = row.agency?.language ?? site.defaultLanguage;
      await repo.insertPasswordReset(tx, row.user.id, tokenHash, 'reset', RESET_TTL_MINUTES);
      await insertMail(
        tx,
        passwordResetMail(language, row.user.email, row.user.name, link, brandOf(site, deps.config)),
      );
      answered++;
      return true;
    });
    if (!done) break;
  }
  if (answered > 0) deps.kickMail();
  return answered;
}

// Also how an invited agent sets their first password: the link (an invitation, or a reset they asked for) proves
// their e-mail, so an agent still 'emailNotVerified' becomes active in the same transaction.
export async function resetPassword(ctx: ServiceContext, input: ResetPasswordBody): Promise<{ ok: true }> {
  const tokenHash = hashToken(input.token);
  // a made-up link costs no password hashing
  const pending = await repo.findUsableReset(ctx.db, tokenHash);
  if (!pending) throw AppError.field('token', MESSAGES.resetLinkInvalid);
  const passwordHash = await hashPassword(input.password, ctx.ip);
  await ctx.db.transaction(async (tx) => {
    // the agency's row first, like every change of an agent's status (agents.service.ts): a delete racing this
    // link waits for it, or this waits for the delete and finds the link used
    if (pending.agencyId) await repo.lockAgency(tx, pending.agencyId);
    const userId = await repo.consumePasswordReset(tx, tokenHash);
    if (!userId) throw AppError.field('token', MESSAGES.resetLinkInvalid);
    const row = await repo.findUserById(tx, userId);
    // an invitation that names an account elsewhere never gets a password (its link is never sent either)
    if (!row || row.user.status === 'deleted' || row.user.existingAccountId)
      throw AppError.field('token', MESSAGES.resetLinkInvalid);
    await repo.setPassword(tx, userId, passwordHash);
    await repo.invalidateResets(tx, userId);
    const { user } = row;
    if (user.agencyId && user.role !== 'operator' && (await repo.activateUser(tx, userId))) {
      const self = { userId, agencyId: user.agencyId, role: user.role, email: user.email, name: user.name };
      await recordAudit(tx, self, {
        entity: 'agent',
        entityId: userId,
        subject: `${user.name} <${user.email}>`,
        action: 'agent.activated',
        changes: [{ field: 'status', from: 'emailNotVerified', to: 'normal' }],
      });
      // their first password: nothing was changed behind their back, so no "password changed" warning
      return;
    }
    await insertMail(tx, passwordChangedMail(languageOf(row, ctx), user.email, user.name, brandFor(ctx)));
  });
  ctx.kickMail();
  return { ok: true };
}

export async function changePassword(
  ctx: ServiceContext,
  userId: string,
  input: ChangePasswordBody,
): Promise<{ ok: true; accessToken: string }> {
  const row = await repo.findUserById(ctx.db, userId);
  if (!row) throw new AppError('unauthorized', MESSAGES.unauthorized);
  if (!(await verifyPassword(input.currentPassword, row.user.passwordHash, ctx.ip))) {
    throw AppError.field('currentPassword', MESSAGES.currentPasswordWrong);
  }
  if (input.password === input.currentPassword) throw AppError.field('password', MESSAGES.passwordUnchanged);
  const passwordHash = await hashPassword(input.password, ctx.ip);
  await ctx.db.transaction(async (tx) => {
    await repo.setPassword(tx, userId, passwordHash);
    await repo.invalidateResets(tx, userId);
    await insertMail(tx, passwordChangedMail(languageOf(row, ctx), row.user.email, row.user.name, brandFor(ctx)));
  });
  ctx.kickMail();
  const updated = await repo.findUserById(ctx.db, userId);
  if (!updated) throw new AppError('unauthorized', MESSAGES.unauthorized);
  return { ok: true, accessToken: await issueToken(ctx, updated) };
}

export async function profile(ctx: ServiceContext, userId: string): Promise<AccountProfile> {
  const row = await repo.findUserById(ctx.db, userId);
  if (!row) throw new AppError('unauthorized', MESSAGES.unauthorized);
  const { user, agency } = row;
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    jobTitle: user.jobTitle,
    agency: agency ? { id: agency.id, name: agency.name, currency: agency.currency, status: agency.status } : null,
  };
}

// The forgot-password requests answered right after the reply that took them (the job runner also runs this, so a
// request whose node stopped first is answered by another): one run at a time per node, again if kicked meanwhile
export function passwordResetWorker(deps: () => AppDeps) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await answerPasswordResetRequests(deps());
        } catch (error) {
          deps().log.error({ err: loggableError(error) }, 'password reset requests failed; the job runner retries');
          again = false;
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };
  return {
    kick: () => setImmediate(run),
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}
