import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { REPLAY_UPLOAD_MAX_INFLATED_BYTES } from '@portal/contract';
import { checkUpload } from './upload-check.ts';
import { uploadChecker, type UploadChecker } from './upload-checker.ts';

// Issue 31: the recorder's uploads are checked on a worker thread. Its answers are the same as the check's own, the
// bytes to keep come back whole, and a worker that fails loses no check: the main thread does them.
const events = [
  { type: 4, timestamp: 1_700_000_000_000, data: { href: 'http://localhost/bookings', width: 1280, height: 800 } },
  {
    type: 2,
    timestamp: 1_700_000_000_010,
    data: { node: { type: 0, childNodes: [], id: 1 }, text: 'x'.repeat(50_000) },
  },
];
const json = JSON.stringify(events);
const bodies: Record<string, Buffer> = {
  gzip: gzipSync(json),
  plain: Buffer.from(json),
  notJson: Buffer.from('not json'),
  notEvents: gzipSync('{"events": []}'),
  cut: gzipSync(json).subarray(0, 30),
  bomb: gzipSync(
    JSON.stringify([{ type: 5, timestamp: 1, data: { pad: 'a'.repeat(REPLAY_UPLOAD_MAX_INFLATED_BYTES) } }]),
  ),
  // a view into a larger buffer, as Fastify's may be
  view: Buffer.concat([Buffer.from('garbage'), gzipSync(json)]).subarray(7),
};
const expected = {
  gzip: 'ok',
  plain: 'ok',
  notJson: 'malformed',
  notEvents: 'malformed',
  cut: 'malformed',
  bomb: 'tooLarge',
  view: 'ok',
};

function logged() {
  const errors: string[] = [];
  const log = { error: (_: unknown, message: string) => errors.push(message) } as unknown as FastifyBaseLogger;
  return { errors, log };
}

let checker: UploadChecker | undefined;
afterEach(async () => checker?.close());

describe('the upload checker', () => {
  it('answers on its worker as the check does, with the bytes to keep', async () => {
    const { errors, log } = logged();
    checker = uploadChecker(log);
    const names = Object.keys(bodies) as (keyof typeof bodies)[];
    const answers = await Promise.all(names.map((name) => checker?.check(bodies[name] as Buffer)));
    expect(Object.fromEntries(names.map((name, i) => [name, answers[i]?.outcome]))).toEqual(expected);
    expect(checker.stats()).toEqual({ onWorker: names.length, onMainThread: 0 });
    expect(errors).toEqual([]);

    const [gzip, plain, , , , , view] = answers;
    // the browser's gzip is kept as sent; plain JSON is compressed on the worker and comes back whole
    expect(gzip).toEqual({ outcome: 'ok', stored: null });
    expect(view).toEqual({ outcome: 'ok', stored: null });
    if (plain?.outcome !== 'ok' || !plain.stored) throw new Error('plain JSON: no bytes to keep');
    expect(gunzipSync(plain.stored).toString()).toBe(json);
    expect(checkUpload(bodies.plain as Buffer).outcome).toBe('ok');
  });

  it('does the checks of a worker that exits, and of one that never starts, on the main thread', async () => {
    const { errors, log } = logged();
    // a worker that takes the checks and ends before it answers any
    checker = uploadChecker(
      log,
      new URL(`data:text/javascript,${encodeURIComponent('setTimeout(() => process.exit(3), 200);')}`),
    );
    const answers = await Promise.all([checker.check(bodies.gzip as Buffer), checker.check(bodies.cut as Buffer)]);
    expect(answers.map((answer) => answer.outcome)).toEqual(['ok', 'malformed']);
    expect(checker.stats()).toEqual({ onWorker: 0, onMainThread: 2 });
    expect(errors).toEqual(['the replay upload checker stopped; its checks are done on the main thread']);
    // for a while after, checks are done here rather than a thread started per upload
    expect((await checker.check(bodies.notJson as Buffer)).outcome).toBe('malformed');
    expect(checker.stats()).toEqual({ onWorker: 0, onMainThread: 3 });
    await checker.close();

    const missing = logged();
    checker = uploadChecker(missing.log, new URL('file:///nowhere/upload-check.worker.mjs'));
    expect((await checker.check(bodies.gzip as Buffer)).outcome).toBe('ok');
    expect(checker.stats()).toEqual({ onWorker: 0, onMainThread: 1 });
    expect(missing.errors).toEqual(['the replay upload checker stopped; its checks are done on the main thread']);
  });

  it('once closed, checks on the main thread and leaves no worker', async () => {
    const { log } = logged();
    checker = uploadChecker(log);
    expect((await checker.check(bodies.gzip as Buffer)).outcome).toBe('ok');
    await checker.close();
    expect((await checker.check(bodies.plain as Buffer)).outcome).toBe('ok');
    expect(checker.stats()).toEqual({ onWorker: 1, onMainThread: 1 });
  });
});
