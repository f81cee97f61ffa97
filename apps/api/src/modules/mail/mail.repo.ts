import { and, asc, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

// `secrets`: the parts of the body (a temporary password, a reset link) that are removed from the outbox once sent
export type OutgoingMail = { to: string; subject: string; text: string; html?: string; secrets?: string[] };

export const REMOVED_SECRET = '[removed after sending]';

function withoutSecrets(body: string, secrets: string[]): string {
  return secrets.reduce((text, secret) => (secret ? text.split(secret).join(REMOVED_SECRET) : text), body);
}

// The one writer of the outbox, as a statement part: one mail for each row of `from` (a CTE of a larger statement)
export function mailInsertSql(mail: OutgoingMail, from: SQL = sql`(SELECT 1) AS one`): SQL {
  const secrets = mail.secrets ?? [];
  const redactedText = secrets.length > 0 ? withoutSecrets(mail.text, secrets) : null;
  const redactedHtml = secrets.length > 0 && mail.html ? withoutSecrets(mail.html, secrets) : null;
  return sql`INSERT INTO mail_outbox (to_address, subject, text_body, html_body, redacted_text_body, redacted_html_body)
    SELECT ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}::text, ${redactedText}::text, ${redactedHtml}::text FROM ${from}
    RETURNING id`;
}

export async function insertMail(tx: DbOrTx, mail: OutgoingMail): Promise<void> {
  await tx.execute(mailInsertSql(mail));
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
