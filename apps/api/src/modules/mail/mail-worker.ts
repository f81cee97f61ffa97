import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { claimDueMails, markFailed, markSent } from './mail.repo.ts';

const MAX_ATTEMPTS = 8;
type ClaimedMail = Awaited<ReturnType<typeof claimDueMails>>[number];
const BATCH = 20;

export type MailWorker = { kick: () => void; runOnce: () => Promise<number>; stop: () => Promise<void> };

// Sends the outbox through SMTP with exponential backoff. Without SMTP_URL mails stay in the outbox
// (readable on the dev mailbox page outside production).
export function startMailWorker(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  pollMs: number;
  log: FastifyBaseLogger;
}): MailWorker {
  const { db, smtpUrl, from, pollMs, log } = options;
  if (!smtpUrl) {
    return { kick: () => undefined, runOnce: async () => 0, stop: async () => undefined };
  }
  // nodemailer loads with the first batch to send, not at start
  let transport: Promise<Transporter> | null = null;
  const getTransport = () =>
    (transport ??= import('nodemailer')
      .then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
      .catch((error: unknown) => {
        transport = null; // the next batch tries again
        throw error;
      }));
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  // back to pending with the error and a retry time (exponential), or failed for good after MAX_ATTEMPTS
  const fail = async (mail: ClaimedMail, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const retry = mail.attempts >= MAX_ATTEMPTS ? null : Math.min(3600, 15 * 2 ** (mail.attempts - 1));
    log.warn({ mailId: mail.id, attempts: mail.attempts, error: message }, 'mail send failed');
    await markFailed(db, mail.id, message, retry);
  };

  const sendBatch = async (): Promise<number> => {
    const mails = await claimDueMails(db, BATCH);
    if (mails.length === 0) return 0;
    let smtp: Transporter;
    try {
      smtp = await getTransport();
    } catch (error) {
      // the claimed mails are released with the error and a retry time, like a failed send
      for (const mail of mails) await fail(mail, error);
      return mails.length;
    }
    for (const mail of mails) {
      try {
        await smtp.sendMail({
          from,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.textBody,
          html: mail.htmlBody ?? undefined,
        });
        await markSent(db, mail.id);
      } catch (error) {
        await fail(mail, error);
      }
    }
    return mails.length;
  };

  const runOnce = async (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      let sent = 0;
      // until the outbox is drained (a full batch may have more behind it) or nothing new was asked for
      do {
        again = false;
        sent = await sendBatch();
        total += sent;
      } while ((again || sent === BATCH) && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const safeRun = () => {
    if (stopped) return;
    runOnce().catch((error: unknown) => log.error({ err: error }, 'mail worker failed'));
  };
  // pollMs 0: the job runner schedules runOnce (app.ts); kick still sends a new mail at once
  const timer = pollMs > 0 ? setInterval(safeRun, pollMs) : null;
  timer?.unref();
  if (timer) safeRun();

  return {
    kick: () => setImmediate(safeRun),
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
      (await transport?.catch(() => null))?.close();
    },
  };
}
