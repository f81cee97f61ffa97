import { and, asc, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

// `secrets`: the parts of the body (a temporary password, a reset link) that are removed from the outbox once sent
export type OutgoingMail = { to: string; subject: string; text: string; html?: string; secrets?: string[] };

export const REMOVED_SECRET = '[removed after sending]';

function withoutSecrets(body: string, secrets: string[]): string {
  return secrets.reduce((text, secret) => (secret ? text.split(secret).join(REMOVED_SECRET) : text), body);
}

export async function insertMail(tx: DbOrTx, mail: OutgoingMail): Promise<void> {
  const secrets = mail.secrets ?? [];
  await tx.insert(mailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    redactedTextBody: secrets.length > 0 ? withoutSecrets(mail.text, secrets) : null,
    redactedHtmlBody: secrets.length > 0 && mail.html ? withoutSecrets(mail.html, secrets) : null,
  });
}

// A sent (or finally failed) mail keeps its metadata, and its body without the secrets
const dropSecrets = {
  textBody: sql`coalesce(${mailOutbox.redactedTextBody}, ${mailOutbox.textBody})`,
  htmlBody: sql`coalesce(${mailOutbox.redactedHtmlBody}, ${mailOutbox.htmlBody})`,
  redactedTextBody: null,
  redactedHtmlBody: null,
};

// Claims due mails; SKIP LOCKED lets every node run a worker without sending a mail twice.
export async function claimDueMails(db: Db, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
          and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({
        status: 'sending',
        lockedUntil: sql`now() + interval '2 minutes'`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null, ...dropSecrets })
    .where(eq(mailOutbox.id, id));
}

export async function markFailed(db: Db, id: string, error: string, retryInSeconds: number | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInSeconds === null
        ? { status: 'failed', lockedUntil: null, lastError: error, ...dropSecrets }
        : {
            status: 'pending',
            lockedUntil: null,
            lastError: error,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
          },
    )
    .where(eq(mailOutbox.id, id));
}

export async function listRecentMails(db: Db, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
