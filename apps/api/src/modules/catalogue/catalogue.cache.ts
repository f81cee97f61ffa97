import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Db } from '../../db/client.ts';
import { loadCatalogueRows, readCatalogueVersion, readStockChanges } from './catalogue.repo.ts';
import { buildSnapshot, type CatalogueSnapshot } from './catalogue.snapshot.ts';

// A ready response (docs/decisions/0151-ready-responses.md): the serialized JSON, its strong ETag, and the
// compressed copies made the first time a client accepts them (each encoding at most once per entry), with the
// response headers of each encoding built once. A cached answer is then a lookup and one write.
export type Encoding = 'br' | 'gzip' | 'identity';
export type ReadyResponse = {
  key: string;
  etag: string;
  // the version tag the entry was computed under, and the offers whose stock stamps are part of it (null: none)
  tag: string;
  stockOffers: readonly number[] | null;
  body: Buffer;
  // undefined: not asked for yet; null: not worth compressing (small)
  gzip: Buffer | null | undefined;
  br: Buffer | null | undefined;
  compressing: { gzip?: Promise<Buffer>; br?: Promise<Buffer> };
  // whether the copy is the final one (below): the quick copy is replaced once the entry is asked for again
  isFinal: { gzip: boolean; br: boolean };
  headers: Record<Encoding | 'notModified', Record<string, string>>;
};

// An answer its maker wrote as JSON text itself, to the route's response schema (the maker's test holds it to the
// schema): a cached read keeps it as it is instead of checking and serializing it again
export class JsonText {
  constructor(readonly text: string) {}
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
// Browsers always accept gzip and br, and a card list shrinks about eightfold; below this size it is not worth it
const MIN_COMPRESS_BYTES = 1024;

// Each encoding is made at most twice per entry: a quick copy the first time a client accepts it, so a miss is
// answered at once, and the final, smaller copy, made in the background when the entry is asked for again in that
// encoding, which every later hit sends. A 62-day availability (296 KB of JSON): br 2 takes 0.3 ms for 7.0 KB, br 5
// 1.9 ms for 5.7 KB; gzip 1 0.4 ms for 9.1 KB, gzip 6 1.5 ms for 7.2 KB (docs/decisions/0155).
type Stage = 'quick' | 'final';
const LEVEL: Record<Stage, { br: number; gzip: number }> = { quick: { br: 2, gzip: 1 }, final: { br: 5, gzip: 6 } };

function compress(body: Buffer, encoding: 'br' | 'gzip', stage: Stage): Promise<Buffer> {
  const level = LEVEL[stage][encoding];
  if (encoding === 'gzip') return gzip(body, { level });
  return brotli(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

// What every cached read answers besides its body (the same as before ready responses: tests read them back)
export const READY_CACHE_CONTROL = 'private, no-cache';
export const READY_VARY = 'Accept-Encoding, Authorization';
const JSON_TYPE = 'application/json; charset=utf-8';

function readyResponse(key: string, json: string, tag: string, stockOffers: readonly number[] | null): ReadyResponse {
  const body = Buffer.from(json);
  const etag = etagOf(body);
  const small = body.length < MIN_COMPRESS_BYTES;
  const base = { etag, 'cache-control': READY_CACHE_CONTROL, vary: READY_VARY, 'content-type': JSON_TYPE };
  return {
    key,
    etag,
    tag,
    stockOffers,
    body,
    gzip: small ? null : undefined,
    br: small ? null : undefined,
    compressing: {},
    isFinal: { gzip: small, br: small },
    headers: {
      notModified: { etag, 'cache-control': READY_CACHE_CONTROL, vary: READY_VARY },
      identity: base,
      gzip: { ...base, 'content-encoding': 'gzip' },
      br: { ...base, 'content-encoding': 'br' },
    },
  };
}

const noop = () => undefined;
const sizeOf = (entry: ReadyResponse) => entry.body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0);

export type Versions = {
  catalogue: number;
  // the stock stamp of one offer (0: never changed since the stamps began)
  stockOf: (offerId: number) => number;
};

// Displayed catalogue and availability may be cached (DESIGN "Stock is exact": the booking decision never reads
// this). Entries are tagged with versions kept in the database, so every node drops an entry once any node commits
// a change: the catalogue's one counter, and one stock stamp per offer (a booking on one offer leaves the others'
// cached availability alone). Both are re-read at most every `pollMs` (0: on every request); the stamps
// incrementally, only those changed since the last read.
export type CatalogueStore = {
  versions: () => Promise<Versions>;
  // the versions when they are fresh enough to use without a read (a cached answer needs no promise), else null
  versionsNow: () => Versions | null;
  snapshot: () => Promise<CatalogueSnapshot>;
  // the entry under `key` as it is, whatever its tag: the caller compares the tag (a hit is counted by `hit`)
  peek: (key: string) => ReadyResponse | undefined;
  // (`atFrontDoor`: answered before Fastify, front-reads.ts)
  hit: (atFrontDoor?: boolean) => void;
  // the entry under `key` if its tag is `tag`, else computed (once, however many ask at the same time)
  cached: (
    key: string,
    tag: string,
    stockOffers: readonly number[] | null,
    compute: () => Promise<string>,
  ) => Promise<ReadyResponse>;
  // the body in `encoding`: the entry's bytes, compressed quickly the first time that encoding is asked for and
  // finally the second time (the copy sent from then on)
  encoded: (entry: ReadyResponse, encoding: Encoding) => Buffer | Promise<Buffer>;
  // rows kept as objects under the same version tags (e.g. a tour's slots for the alternatives of any date and group)
  memo: <T>(key: string, tag: string, compute: () => Promise<T>) => Promise<T>;
  // after a change made by this node: read the counters again on the next request
  invalidate: () => void;
  // how often an answer came from the cache and how often it was computed (/metrics)
  // (ready: the hits answered the short way, without a promise: catalogue.routes.ts; frontDoor: those of them
  // answered before Fastify)
  stats: () => { hits: number; computed: number; ready: number; frontDoor: number };
};

// the cache holds at most this many bytes (bodies and their compressed copies), oldest entries leave first
const MAX_BYTES = 64 * 1024 * 1024;
// memoised row sets (one per tour at most), oldest leave first
const MAX_MEMO_ENTRIES = 500;

export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

// If-None-Match may list several tags, weak or strong
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

export function createCatalogueStore(db: Db, options: { pollMs: number }): CatalogueStore {
  let versionsCache: { value: Versions; readAt: number } | null = null;
  let versionsLoading: Promise<Versions> | null = null;
  const stockStamps = new Map<number, number>();
  let stockSeen = 0;
  const stockOf = (offerId: number) => stockStamps.get(offerId) ?? 0;
  const readVersions = async (): Promise<Versions> => {
    const [catalogue, changes] = await Promise.all([readCatalogueVersion(db), readStockChanges(db, stockSeen)]);
    for (const change of changes) {
      stockStamps.set(change.offerId, change.version);
      stockSeen = Math.max(stockSeen, change.version);
    }
    return { catalogue, stockOf };
  };
  let snapshot: CatalogueSnapshot | null = null;
  let snapshotLoading: { version: number; promise: Promise<CatalogueSnapshot> } | null = null;
  const entries = new Map<string, ReadyResponse>();
  let totalBytes = 0;
  const computing = new Map<string, Promise<ReadyResponse>>();
  const counters = { hits: 0, computed: 0, ready: 0, frontDoor: 0 };

  const versionsNow = (): Versions | null =>
    versionsCache && options.pollMs > 0 && Date.now() - versionsCache.readAt < options.pollMs
      ? versionsCache.value
      : null;
  const versions = async (): Promise<Versions> => {
    const fresh = versionsNow();
    if (fresh) return fresh;
    versionsLoading ??= readVersions()
      .then((value) => {
        versionsCache = { value, readAt: Date.now() };
        return value;
      })
      .finally(() => {
        versionsLoading = null;
      });
    return versionsLoading;
  };

  const loadSnapshot = async (): Promise<CatalogueSnapshot> => {
    const { catalogue } = await versions();
    if (snapshot && snapshot.version === catalogue) return snapshot;
    if (snapshotLoading?.version === catalogue) return snapshotLoading.promise;
    // the counter is read before the rows, so the rows are at least as new as the version they are labelled with
    const promise = loadCatalogueRows(db)
      .then((rows) => {
        const built = buildSnapshot(catalogue, rows);
        if (!snapshot || snapshot.version <= catalogue) snapshot = built;
        return built;
      })
      .finally(() => {
        if (snapshotLoading?.promise === promise) snapshotLoading = null;
      });
    snapshotLoading = { version: catalogue, promise };
    return promise;
  };

  const evictOver = (keep: string) => {
    for (const [oldKey, oldEntry] of entries) {
      if (totalBytes <= MAX_BYTES || oldKey === keep) break;
      entries.delete(oldKey);
      totalBytes -= sizeOf(oldEntry);
    }
  };

  const cached = async (
    key: string,
    tag: string,
    stockOffers: readonly number[] | null,
    compute: () => Promise<string>,
  ): Promise<ReadyResponse> => {
    const hit = entries.get(key);
    if (hit && hit.tag === tag) {
      counters.hits += 1;
      return hit;
    }
    const flightKey = `${tag}\n${key}`;
    const running = computing.get(flightKey);
    if (running) return running;
    counters.computed += 1;
    const promise = compute()
      .then((json) => {
        const entry = readyResponse(key, json, tag, stockOffers);
        const previous = entries.get(key);
        if (previous) totalBytes -= sizeOf(previous);
        entries.delete(key);
        entries.set(key, entry);
        totalBytes += sizeOf(entry);
        evictOver(key);
        return entry;
      })
      .finally(() => computing.delete(flightKey));
    computing.set(flightKey, promise);
    return promise;
  };

  // Compresses the entry's body into `encoding` at `stage` once at a time, and keeps the copy; while the entry is still
  // cached (not replaced or evicted meanwhile) its copy counts towards the limit instead of the one it replaces
  const compressInto = (entry: ReadyResponse, encoding: 'br' | 'gzip', stage: Stage): Promise<Buffer> => {
    const promise = compress(entry.body, encoding, stage).finally(() => delete entry.compressing[encoding]);
    void promise.then((bytes) => {
      const replaced = entry[encoding]?.length ?? 0;
      entry[encoding] = bytes;
      entry.isFinal[encoding] = stage === 'final';
      if (entries.get(entry.key) === entry) {
        totalBytes += bytes.length - replaced;
        evictOver(entry.key);
      }
    }, noop);
    entry.compressing[encoding] = promise;
    return promise;
  };

  const encoded = (entry: ReadyResponse, encoding: Encoding): Buffer | Promise<Buffer> => {
    if (encoding === 'identity') return entry.body;
    const ready = entry[encoding];
    if (ready) {
      // asked for again: the final copy, for the hits after this one
      if (!entry.isFinal[encoding] && !entry.compressing[encoding]) void compressInto(entry, encoding, 'final');
      return ready;
    }
    if (ready === null) return entry.body;
    return entry.compressing[encoding] ?? compressInto(entry, encoding, 'quick');
  };
  const memos = new Map<string, { tag: string; value: Promise<unknown> }>();
  const memo = <T>(key: string, tag: string, compute: () => Promise<T>): Promise<T> => {
    const hit = memos.get(key);
    if (hit && hit.tag === tag) return hit.value as Promise<T>;
    const value = compute();
    memos.delete(key);
    memos.set(key, { tag, value });
    // a failed read is not kept
    value.catch(() => {
      if (memos.get(key)?.value === value) memos.delete(key);
    });
    for (const oldKey of memos.keys()) {
      if (memos.size <= MAX_MEMO_ENTRIES) break;
      memos.delete(oldKey);
    }
    return value;
  };

  return {
    versions,
    versionsNow,
    snapshot: loadSnapshot,
    peek: (key) => entries.get(key),
    hit: (atFrontDoor = false) => {
      counters.hits += 1;
      counters.ready += 1;
      if (atFrontDoor) counters.frontDoor += 1;
    },
    cached,
    encoded,
    memo,
    invalidate: () => {
      versionsCache = null;
    },
    stats: () => ({ ...counters }),
  };
}
