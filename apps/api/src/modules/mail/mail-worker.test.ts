import net from 'node:net';
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { ownMigratedDatabase } from '../../../test/build-test-app.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { REMOVED_SECRET, insertMail } from './mail.repo.ts';
import { passwordResetMail, temporaryPasswordMail } from './templates.ts';
import { startMailWorker } from './mail-worker.ts';

// A database of its own: the worker claims every due mail, and other test files wait for theirs in the shared one.
let database: DatabaseHandle;
let closeDatabase: () => Promise<void> = async () => undefined;
const log = Fastify({ logger: false }).log;
const workerSendingTo = (smtpUrl: string) =>
  startMailWorker({ db: database.db, smtpUrl, from: 'Portal <no-reply@portal.test>', pollMs: 60_000, log });

beforeAll(async () => {
  ({ database, close: closeDatabase } = await ownMigratedDatabase('mail_worker', 2));
});
afterAll(async () => closeDatabase());

// A loopback port nobody listens on: connecting to it is refused at once.
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('mail outbox worker', () => {
  it('keeps a mail it could not send with the error and a later retry, and sends it once the server answers', async () => {
    await insertMail(database.db, {
      to: 'guest@example.test',
      subject: 'Booking GF-TEST confirmed',
      text: 'Your booking is confirmed.',
    });

    const unreachable = workerSendingTo(`smtp://127.0.0.1:${await closedPort()}`);
    expect(await unreachable.runOnce()).toBe(1);
    await unreachable.stop();
    const [failed] = await database.db.select().from(mailOutbox);
    if (!failed) throw new Error('the mail is gone from the outbox');
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    // first retry after 15 s, not at once
    expect(failed.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(10_000);

    const smtp = await startSmtpSink();
    try {
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, failed.id));
      const worker = workerSendingTo(smtp.url);
      expect(await worker.runOnce()).toBe(1);
      await worker.stop();
      const mail = await smtp.waitFor((m) => m.to.includes('guest@example.test'));
      expect(mail.subject).toBe('Booking GF-TEST confirmed');
      const [sent] = await database.db.select().from(mailOutbox);
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await smtp.close();
    }
  });

  it('releases the claimed mails with the error when the SMTP transport cannot be created, and tries again later', async () => {
    await database.db.delete(mailOutbox);
    await insertMail(database.db, {
      to: 'agent@example.test',
      subject: 'Your temporary password',
      text: 'Temporary password: x',
    });
    // a malformed address: nodemailer refuses it when the transport is created, not at start
    const broken = workerSendingTo('smtp://user:%E0%A4%A@127.0.0.1:1');
    expect(await broken.runOnce()).toBe(1);
    await broken.stop();
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'URI malformed', lockedUntil: null });
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
  });

  it('drops the secret from a sent mail: the password reached the recipient, the outbox keeps only the metadata', async () => {
    await database.db.delete(mailOutbox);
    const brand = { siteName: 'Portal', loginUrl: 'http://localhost:3000/', supportEmail: 'help@portal.test' };
    const password = 'Tmp-Secret-9x7Q';
    const link = 'http://localhost:3000/reset-password?token=abcdefghijklmnop0123456789';
    await insertMail(database.db, temporaryPasswordMail('en', 'new-admin@example.test', 'Nadia', password, brand));
    await insertMail(database.db, passwordResetMail('ru', 'agent@example.test', 'Олег', link, brand));
    const pending = await database.db.select().from(mailOutbox);
    expect(pending.map((m) => m.textBody).join('\n')).toContain(password);

    const smtp = await startSmtpSink();
    try {
      const worker = workerSendingTo(smtp.url);
      expect(await worker.runOnce()).toBe(2);
      await worker.stop();
      expect((await smtp.waitFor((m) => m.to.includes('new-admin@example.test'))).body).toContain(password);
      expect((await smtp.waitFor((m) => m.to.includes('agent@example.test'))).body).toContain(link);
    } finally {
      await smtp.close();
    }
    const sent = await database.db.select().from(mailOutbox);
    expect(sent.map((m) => m.status)).toEqual(['sent', 'sent']);
    for (const mail of sent) {
      expect(mail.textBody).not.toContain(password);
      expect(mail.textBody).not.toContain('token=');
      expect(mail.textBody).toContain(REMOVED_SECRET);
      expect([mail.redactedTextBody, mail.redactedHtmlBody]).toEqual([null, null]);
    }
    expect(sent.map((m) => m.toAddress).sort()).toEqual(['agent@example.test', 'new-admin@example.test']);
  });
});
