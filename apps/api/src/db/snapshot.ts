import { setImmediate as nextTurn } from 'node:timers/promises';
import { databaseKind, type Db, type DbOrTx, type Tx } from './client.ts';

// Reads that page through many rows (the xlsx exports) from one consistent view of the database.
//
// PostgreSQL: one REPEATABLE READ READ ONLY transaction, held from the first batch to the last: every batch sees the
// database as it was when the read began, whatever commits meanwhile. It holds a pooled connection (and no lock) for
// as long as the read runs; the reader must be finished or closed (`return()`, as `for await` and lib/xlsx-reply.ts
// do when they stop early), which ends the transaction.
//
// PGlite (the embedded default) runs one transaction at a time for the whole database: a transaction held through a
// download would stop every booking until it ends. There the batches run on their own, between other work, and the
// caller's keyset order is what keeps the read whole: no row is read twice or skipped, and a row is read as it is
// when its batch runs. Inside a caller's transaction (a `Tx`), that transaction is the view.
export async function* readInSnapshot<T>(db: DbOrTx, read: (db: DbOrTx) => AsyncIterable<T>): AsyncGenerator<T> {
  if (databaseKind(db) !== 'postgres') {
    yield* read(db);
    return;
  }
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let begun: (tx: Tx) => void = () => {};
  const ready = new Promise<Tx>((resolve) => (begun = resolve));
  // only an opened database (never a Tx) is known to be PostgreSQL
  const ended = (db as Db)
    .transaction(
      async (tx) => {
        begun(tx);
        await released;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .then(
      () => null,
      (error: unknown) => error,
    );
  const tx = await Promise.race([
    ready,
    ended.then((error) => {
      throw error ?? new Error('the snapshot transaction ended before it began');
    }),
  ]);
  let isComplete = false;
  try {
    yield* read(tx);
    isComplete = true;
  } finally {
    release();
    // a read that failed or was closed early keeps its own outcome
    if (!isComplete) await ended;
  }
  // a read that went through is only as good as its commit
  const error = await ended;
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

// Rows read in keyset batches of up to `size`, each batch asked for after the last row's cursor (`cursorOf`); the next
// batch is read while the caller consumes this one (the database works meanwhile). A reader that stops early leaves
// that batch unread and its failure unreported. Memory stays flat whatever the read holds.
//
// Between batches the reader gives the event loop a turn. PGlite answers inside the process, so without it a whole
// export ran as one chain of promises and every other request waited for its end: 3.2 s for a 50,000-row export
// (the bench's /healthz beside it; 95 ms on PostgreSQL, whose answers come over the network).
//
// The batches start small (FIRST_BATCH rows) and double up to `size`: the first ones are read on a cold cache, and on
// PGlite no other request is answered while a batch is read. A 50,000-row bookings export on PGlite with batches of
// 500 from the start: another request waited up to 260-311 ms, the file's first bytes left after 218-281 ms, 4.4-5.2
// s in all; starting at 100: 155-185 ms, 118-124 ms, 4.4 s (batches of 100 throughout: 85-108 ms, but 5.4 s).
export const FIRST_BATCH = 100;

export async function* keysetBatches<T, C>(
  fetch: (after: C | null, limit: number) => Promise<T[]>,
  cursorOf: (row: T) => C,
  size: number,
): AsyncGenerator<T> {
  let limit = Math.min(size, FIRST_BATCH);
  let next = fetch(null, limit);
  for (;;) {
    const rows = await next;
    const last = rows.at(-1);
    // (at least: a fetch that gave more than it was asked for still has more)
    const hasMore = last !== undefined && rows.length >= limit;
    if (hasMore) {
      limit = Math.min(size, limit * 2);
      next = fetch(cursorOf(last), limit);
      next.catch(() => undefined);
    }
    yield* rows;
    if (!hasMore) return;
    await nextTurn();
  }
}
