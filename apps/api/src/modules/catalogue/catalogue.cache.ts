import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Db } from '../../db/client.ts';
import { loadCatalogueRows, readCatalogueVersion, readStockChanges } from './catalogue.repo.ts';
import { buildSnapshot, type CatalogueSnapshot } from './catalogue.snapshot.ts';

export type CachedBody = { body: Buffer; gzip: Buffer | null; br: Buffer | null; etag: string };

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
// Compressed once when cached: browsers always accept gzip and br, and a card list shrinks about eightfold.
const MIN_COMPRESS_BYTES = 1024;

async function encode(json: string): Promise<Omit<CachedBody, 'etag'>> {
  const body = Buffer.from(json);
  if (body.length < MIN_COMPRESS_BYTES) return { body, gzip: null, br: null };
  const [gz, br] = await Promise.all([
    gzip(body, { level: 6 }),
    brotli(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  ]);
  return { body, gzip: gz, br };
}

const sizeOf = (entry: CachedBody) => entry.body.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0);

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
  snapshot: () => Promise<CatalogueSnapshot>;
  cached: (key: string, tag: string, compute: () => Promise<string>) => Promise<CachedBody>;
  // rows kept as objects under the same version tags (e.g. a tour's slots for the alternatives of any date and group)
  memo: <T>(key: string, tag: string, compute: () => Promise<T>) => Promise<T>;
  // after a change made by this node: read the counters again on the next request
  invalidate: () => void;
  // how often an answer came from the cache and how often it was computed (/metrics)
  stats: () => { hits: number; computed: number };
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
  const entries = new Map<string, CachedBody & { tag: string }>();
  let totalBytes = 0;
  const computing = new Map<string, Promise<CachedBody>>();
  const counters = { hits: 0, computed: 0 };

  const versions = async (): Promise<Versions> => {
    if (versionsCache && options.pollMs > 0 && Date.now() - versionsCache.readAt < options.pollMs)
      return versionsCache.value;
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

  const cached = async (key: string, tag: string, compute: () => Promise<string>): Promise<CachedBody> => {
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
      .then(encode)
      .then((encoded) => {
        const entry = { ...encoded, etag: etagOf(encoded.body), tag };
        const previous = entries.get(key);
        if (previous) totalBytes -= sizeOf(previous);
        entries.delete(key);
        entries.set(key, entry);
        totalBytes += sizeOf(entry);
        for (const [oldKey, oldEntry] of entries) {
          if (totalBytes <= MAX_BYTES || oldKey === key) break;
          entries.delete(oldKey);
          totalBytes -= sizeOf(oldEntry);
        }
        return entry;
      })
      .finally(() => computing.delete(flightKey));
    computing.set(flightKey, promise);
    return promise;
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
    snapshot: loadSnapshot,
    cached,
    memo,
    invalidate: () => {
      versionsCache = null;
    },
    stats: () => ({ ...counters }),
  };
}
