// Issue 31 item 3: support replay, what the recorder and the server agree on. Zod-free: the recorder (a lazy chunk of
// the agent's pages) reads it through '@portal/contract/plain'; the routes are replay.ts.

export const REPLAY_UPLOAD_PATH = '/replay/recordings';

// One upload: its body (gzip, or the JSON itself where the browser cannot compress) and what it may inflate to. A
// full snapshot of a busy page with its styles inlined is some 50 KB compressed.
export const REPLAY_UPLOAD_MAX_BYTES = 256 * 1024;
export const REPLAY_UPLOAD_MAX_INFLATED_BYTES = 8 * 1024 * 1024;
// Events in one upload
export const REPLAY_UPLOAD_MAX_EVENTS = 5_000;
// Everything one session may keep, compressed (a day of steady use is a few megabytes)
export const REPLAY_SESSION_MAX_BYTES = 32 * 1024 * 1024;
