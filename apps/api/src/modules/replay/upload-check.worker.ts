import { parentPort } from 'node:worker_threads';
import { checkUpload } from './upload-check.ts';

// The thread of upload-checker.ts: one upload's bytes in, its check out; the bytes to keep go back transferred, not
// copied. A second entry of the bundle (build.mjs).
export type CheckRequest = { id: number; body: Uint8Array };
export type CheckAnswer = { id: number; check: ReturnType<typeof checkUpload> };

const port = parentPort;
if (!port) throw new Error('upload-check.worker.ts runs as a worker thread');
port.on('message', ({ id, body }: CheckRequest) => {
  const check = checkUpload(body);
  const answer: CheckAnswer = { id, check };
  // a small Buffer is a view of Node's shared pool, which is never transferred: that one is copied first
  if (check.outcome === 'ok' && check.stored) check.stored = ownBytes(check.stored);
  port.postMessage(answer, check.outcome === 'ok' && check.stored ? [check.stored.buffer as ArrayBuffer] : []);
});

function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}
