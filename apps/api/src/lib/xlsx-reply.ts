import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

// Sends an xlsx export as it is written, through Fastify (so it carries the same security headers as every answer).
// The rows' first item is read before anything is sent: a failing query is an ordinary error answer, not a 200 whose
// body is cut off; a failure after that ends the download broken rather than complete-looking. The rows are closed
// (`return()`) whenever the writing stops early — a failure, or a client gone mid-download — so a read that holds a
// snapshot (db/snapshot.ts) ends with it.
export async function sendXlsx<T>(
  reply: FastifyReply,
  log: FastifyBaseLogger,
  filename: string,
  rows: AsyncIterable<T>,
  write: (rows: AsyncIterable<T>, out: PassThrough) => Promise<void>,
): Promise<FastifyReply> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const all = (async function* () {
    try {
      for (let next = first; !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  })();
  const out = new PassThrough();
  out.once('close', () => void all.return(undefined));
  write(all, out).catch((error: unknown) => {
    log.error({ err: error, filename }, 'xlsx export failed after it started');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'private, no-store')
    .send(out);
}
