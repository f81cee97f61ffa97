import { record } from '@rrweb/record';
import { REPLAY_UPLOAD_MAX_BYTES, REPLAY_UPLOAD_MAX_EVENTS, REPLAY_UPLOAD_PATH } from '@portal/contract/plain';
import { env } from '@/config/env';
import { canRecordHere, whenIdle } from './replay-gate';
import { scrubbed } from './replay-scrub';
import { getAccessToken, subscribeToSession } from './session';

// Issue 31 item 3: support replay's recorder, loaded by replay-loader.ts (never with the first page) for an agency's
// agent in a session the server records. rrweb serialises the page with every input masked and the text of elements
// marked `data-private` (guests' names, phones, e-mails, hotels) masked too; links lose their query strings (a list's
// search words). Events are buffered, compressed in idle time and uploaded in batches; any refusal or a logout stops
// it quietly (the loader stops it when the page moves to another session), and it never throws into the page.

const PRIVATE_SELECTOR = '[data-private]';
// the first batch (the page's full snapshot, styles inlined: some 60 KB compressed) goes soon, before a quick
// reload could lose it; the rest every 10 s
const FIRST_FLUSH_MS = 2_000;
const FLUSH_EVERY_MS = 10_000;
const FLUSH_AT_EVENTS = 1_000;
// more than this waiting (uploads not keeping up) and the recording stops rather than grow
const MAX_BUFFERED_EVENTS = 4 * FLUSH_AT_EVENTS;
// a beacon-like upload of a page being left: keepalive requests share 64 KB in flight with the analytics batches
const KEEPALIVE_MAX_BYTES = 48 * 1024;

export type StopReason = 'refused' | 'ended';
type Recording = {
  sessionId: string;
  stopRecorder: () => void;
  events: unknown[];
  timer: ReturnType<typeof setTimeout> | undefined;
  isFirstSent: boolean;
  uploading: Promise<void>;
  onStop: (reason: StopReason) => void;
  unsubscribe: () => void;
};

let current: Recording | null = null;
let isListening = false;

export function startRecording(sessionId: string, onStop: (reason: StopReason) => void): void {
  if (current?.sessionId === sessionId) return;
  stopRecording('ended');
  try {
    const recording: Recording = {
      sessionId,
      stopRecorder: () => undefined,
      events: [],
      timer: undefined,
      isFirstSent: false,
      uploading: Promise.resolve(),
      onStop,
      unsubscribe: subscribeToSession(() => {
        if (!canRecordHere()) stopRecording('ended');
      }),
    };
    current = recording;
    listenForLeaving();
    const stop = record({
      emit: (event) => collect(recording, event),
      maskAllInputs: true,
      maskTextSelector: PRIVATE_SELECTOR,
      // a card form or a document preview is a grey box of its size
      blockSelector: 'iframe, object, embed',
      slimDOMOptions: 'all',
      // the styles go with each full snapshot (half of its bytes): a replay still looks right after a deploy has
      // replaced the hashed stylesheets it was recorded with
      inlineStylesheet: true,
      collectFonts: false,
      inlineImages: false,
      recordCanvas: false,
      sampling: { mousemove: 200, scroll: 200, media: 800, input: 'last' },
      // a fresh full snapshot now and then, so a long session seeks fast (a lost batch takes one at once, below)
      checkoutEveryNms: 30 * 60_000,
      errorHandler: () => true,
    });
    if (!stop) throw new Error('rrweb did not start');
    recording.stopRecorder = stop;
  } catch {
    stopRecording('refused');
  }
}

export function stopRecording(reason: StopReason): void {
  const recording = current;
  if (!recording) return;
  current = null;
  clearTimeout(recording.timer);
  recording.unsubscribe();
  try {
    recording.stopRecorder();
  } catch {
    // already stopped
  }
  if (reason === 'ended') void flush(recording, false);
  recording.onStop(reason);
}

function collect(recording: Recording, event: unknown) {
  if (current !== recording) return;
  recording.events.push(event);
  if (recording.events.length > MAX_BUFFERED_EVENTS) {
    recording.events = [];
    stopRecording('refused');
  } else if (recording.events.length >= FLUSH_AT_EVENTS) schedule(recording, 0);
  else if (recording.timer === undefined) schedule(recording, recording.isFirstSent ? FLUSH_EVERY_MS : FIRST_FLUSH_MS);
}

function schedule(recording: Recording, delayMs: number) {
  clearTimeout(recording.timer);
  recording.timer = setTimeout(() => {
    recording.timer = undefined;
    whenIdle(() => void flush(recording, false));
  }, delayMs);
}

// A page being left or hidden may never run a timer again: what is buffered goes now, with keepalive
function listenForLeaving() {
  if (isListening) return;
  isListening = true;
  const leave = () => {
    if (current) void flush(current, true);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
  window.addEventListener('pagehide', leave);
}

// Uploads go one after another, in the order they were recorded
function flush(recording: Recording, isLeaving: boolean): Promise<void> {
  recording.isFirstSent = true;
  const events = recording.events;
  recording.events = [];
  if (events.length === 0) return recording.uploading;
  recording.uploading = recording.uploading.then(() => uploadAll(recording, events, isLeaving));
  return recording.uploading;
}

async function uploadAll(recording: Recording, events: unknown[], isLeaving: boolean): Promise<void> {
  try {
    for (const part of await bodies(events.map(scrubbed))) {
      const answer = await upload(recording.sessionId, part, isLeaving);
      if (answer === 'refused') {
        if (current === recording) stopRecording('refused');
        return;
      }
      // lost on the way: the next batch starts from a full snapshot, so the rest still plays
      if (answer === 'lost' && current === recording) record.takeFullSnapshot(true);
    }
  } catch {
    // support replay never disturbs the page
  }
}

type Body = { bytes: Uint8Array<ArrayBuffer>; type: 'application/octet-stream' | 'application/json' };

// Compressed bodies of at most the upload's cap (and events), halving a batch that compresses past it; an event too
// big alone is left out (the server would refuse it)
async function bodies(events: unknown[]): Promise<Body[]> {
  if (events.length === 0) return [];
  if (events.length <= REPLAY_UPLOAD_MAX_EVENTS) {
    const body = await compressed(JSON.stringify(events));
    if (body.bytes.length <= REPLAY_UPLOAD_MAX_BYTES) return [body];
    if (events.length === 1) return [];
  }
  const half = Math.ceil(events.length / 2);
  return [...(await bodies(events.slice(0, half))), ...(await bodies(events.slice(half)))];
}

async function compressed(json: string): Promise<Body> {
  if (typeof CompressionStream !== 'function')
    return { bytes: new TextEncoder().encode(json), type: 'application/json' };
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('gzip'));
  return { bytes: new Uint8Array(await new Response(stream).arrayBuffer()), type: 'application/octet-stream' };
}

async function upload(sessionId: string, body: Body, isLeaving: boolean): Promise<'stored' | 'refused' | 'lost'> {
  const token = getAccessToken();
  if (!token) return 'refused';
  try {
    const response = await fetch(`${env.apiBase}${REPLAY_UPLOAD_PATH}?sessionId=${encodeURIComponent(sessionId)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': body.type },
      body: body.bytes,
      keepalive: isLeaving && body.bytes.length <= KEEPALIVE_MAX_BYTES,
    });
    // 429, 413, 403 or anything else the server says no with: the recording stops
    return response.ok ? 'stored' : 'refused';
  } catch {
    return 'lost';
  }
}
