import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type ReceivedMail = { to: string[]; raw: string; subject: string; body: string };

// Quoted-printable to text: the =XX escapes are bytes of UTF-8 (a Russian letter is two of them)
function decodeQuotedPrintable(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

// A header as read: its folded lines joined, its RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) decoded
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

// A real SMTP server on a loopback port: the app's outbox worker delivers to it like to any mail server.
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
        const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
        const subject = decodeHeader(/^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '');
        const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(unfolded)?.[1]?.trim().toLowerCase();
        const content = rest.join('\n\n');
        const body =
          encoding === 'base64' ? Buffer.from(content, 'base64').toString('utf8') : decodeQuotedPrintable(content);
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject, body });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching mail within ${timeoutMs} ms (received ${received.length})`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
