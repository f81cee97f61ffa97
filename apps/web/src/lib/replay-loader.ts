import type * as Recorder from './replay';
import { canRecordHere, whenIdle } from './replay-gate';

// Issue 31 item 3: what the first load carries of support replay. The recorder (./replay: rrweb, some 25 KB gzip)
// loads only where replay-gate.ts allows, in a session the server answered as recorded, once the page has loaded and
// the browser is idle. A session known to be recorded (this browser was told so before) starts again with the next
// page without waiting for the answer; the page moving to another session ends the recording.

const RECORDED_KEY = 'replaySession';
// a session whose uploads were refused (429, 413, a switch turned off) is not recorded again from this tab
const REFUSED_KEY = 'replayRefused';

let recorder: Promise<typeof Recorder> | null = null;
// the session this page records (or is about to)
let recording: string | null = null;

// The server's answer to an analytics batch of the page's current session
export function replayDecided(sessionId: string, isRecorded: boolean): void {
  try {
    if (isRecorded) {
      write(localStorage, RECORDED_KEY, sessionId);
      start(sessionId);
    } else {
      if (read(localStorage, RECORDED_KEY) === sessionId) localStorage.removeItem(RECORDED_KEY);
      if (recording === sessionId) stopCurrent();
    }
  } catch {
    // support replay never disturbs the page
  }
}

// The page's session as it records an analytics event: a recording of another session ends (what it kept goes to
// that one), and a session recorded already is recorded here too
export function replayResume(sessionId: string): void {
  try {
    if (recording === sessionId) return;
    if (recording !== null) stopCurrent();
    if (read(localStorage, RECORDED_KEY) === sessionId) start(sessionId);
  } catch {
    // support replay never disturbs the page
  }
}

function start(sessionId: string) {
  if (recording === sessionId || !canRecordHere() || read(sessionStorage, REFUSED_KEY) === sessionId) return;
  recording = sessionId;
  afterLoad(() =>
    whenIdle(() => {
      if (recording !== sessionId || !canRecordHere()) return;
      recorder ??= import('./replay');
      recorder
        .then((module) => module.startRecording(sessionId, (reason) => stopped(sessionId, reason)))
        .catch(() => {
          recorder = null;
          if (recording === sessionId) recording = null;
        });
    }),
  );
}

// The recording ends, or, not started yet (waiting for the load or idle time), never starts
function stopCurrent() {
  recording = null;
  void recorder?.then((module) => module.stopRecording('ended'));
}

function stopped(sessionId: string, reason: 'refused' | 'ended') {
  if (reason === 'refused') write(sessionStorage, REFUSED_KEY, sessionId);
  if (recording === sessionId) recording = null;
}

function afterLoad(run: () => void) {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string) {
  try {
    storage.setItem(key, value);
  } catch {
    // private mode or full: this page decides alone
  }
}
