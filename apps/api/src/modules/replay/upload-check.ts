import zlib from 'node:zlib';
import { REPLAY_UPLOAD_MAX_INFLATED_BYTES, ReplayEvents } from '@portal/contract';

// Issue 31 item 3: what an upload of the recorder is, decided from its bytes alone (no database, no clock), so that
// it can run off the event loop (upload-checker.ts). A body that inflates past the cap is 'tooLarge'; anything but
// gzip or plain JSON of a list of rrweb events is 'malformed'. What is kept is gzip: the browser's own bytes when it
// compressed them (`stored` null), else the JSON compressed here.
export type UploadCheck = { outcome: 'ok'; stored: Uint8Array | null } | { outcome: 'tooLarge' | 'malformed' };

const isGzip = (body: Uint8Array) => body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b;

// rrweb's JSON inflates about tenfold: one or two of zlib's chunks hold it (16 KB each by default: a page's snapshot
// of 500 KB took 32 of them)
const inflatedChunk = (compressed: number) => Math.min(1024 * 1024, Math.max(64 * 1024, compressed * 16));

export function checkUpload(body: Uint8Array): UploadCheck {
  const compressed = isGzip(body);
  let json: Uint8Array;
  if (compressed) {
    try {
      json = zlib.gunzipSync(body, {
        maxOutputLength: REPLAY_UPLOAD_MAX_INFLATED_BYTES,
        chunkSize: inflatedChunk(body.length),
      });
    } catch (error) {
      return { outcome: error instanceof RangeError ? 'tooLarge' : 'malformed' };
    }
  } else json = body;
  if (json.length > REPLAY_UPLOAD_MAX_INFLATED_BYTES) return { outcome: 'tooLarge' };
  let events: unknown;
  try {
    events = JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8'));
  } catch {
    return { outcome: 'malformed' };
  }
  if (!ReplayEvents.safeParse(events).success) return { outcome: 'malformed' };
  return { outcome: 'ok', stored: compressed ? null : zlib.gzipSync(json) };
}
