// A session's recordings as the API answers them (gzip-compressed JSON arrays of rrweb events, in base64) → one
// list of events in the order they happened (two tabs of one session upload side by side)
export async function inflatedEvents(recordings: readonly { gzipBase64: string }[]): Promise<unknown[]> {
  const lists = await Promise.all(recordings.map((recording) => inflated(recording.gzipBase64)));
  return lists.flat().sort((a, b) => timestampOf(a) - timestampOf(b));
}

async function inflated(base64: string): Promise<unknown[]> {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  const events: unknown = JSON.parse(await new Response(stream).text());
  return Array.isArray(events) ? events : [];
}

function timestampOf(event: unknown): number {
  return typeof event === 'object' && event !== null && 'timestamp' in event && typeof event.timestamp === 'number'
    ? event.timestamp
    : 0;
}
