import { describe, expect, it } from 'vitest';
import { FIRST_BATCH, keysetBatches } from './snapshot.ts';

// An in-process database (PGlite) answers without the event loop turning: a reader that never gave it a turn held
// every other request until the whole export was read.
describe('keysetBatches', () => {
  it('reads every row once, in order, and gives the event loop a turn between batches', async () => {
    const all = Array.from({ length: 23 }, (_, n) => n);
    const asked: (number | null)[] = [];
    // answers at once, as PGlite does: a resolved promise, no I/O
    const fetch = (after: number | null) => {
      asked.push(after);
      const from = after === null ? 0 : after + 1;
      return Promise.resolve(all.slice(from, from + 5));
    };
    // counts the turns of the event loop: one callback per turn, each queueing the next
    let turns = 0;
    let timer = setImmediate(function count() {
      turns += 1;
      timer = setImmediate(count);
    });
    const seen: { row: number; turns: number }[] = [];
    try {
      for await (const row of keysetBatches(fetch, (r) => r, 5)) seen.push({ row, turns });
    } finally {
      clearImmediate(timer);
    }
    expect(seen.map((s) => s.row)).toEqual(all);
    expect(asked).toEqual([null, 4, 9, 14, 19]);
    // rows of one batch are read in one go; each later batch comes after at least one turn of the loop
    const turnsAtBatchStart = [0, 5, 10, 15, 20].map((n) => seen[n]?.turns ?? -1);
    for (let b = 1; b < turnsAtBatchStart.length; b++)
      expect(turnsAtBatchStart[b]).toBeGreaterThan(turnsAtBatchStart[b - 1] ?? 0);
  });

  it('starts with a small batch and doubles it up to the full size', async () => {
    const all = Array.from({ length: 7 * FIRST_BATCH + 50 }, (_, n) => n);
    const asked: { after: number | null; limit: number }[] = [];
    const fetch = (after: number | null, limit: number) => {
      asked.push({ after, limit });
      const from = after === null ? 0 : after + 1;
      return Promise.resolve(all.slice(from, from + limit));
    };
    const seen: number[] = [];
    for await (const row of keysetBatches(fetch, (r) => r, 3 * FIRST_BATCH)) seen.push(row);
    expect(seen).toEqual(all);
    // 7½ × FIRST_BATCH rows: batches of 1, 2 and 3 (the full size) × FIRST_BATCH, then a short one of 1½
    expect(asked).toEqual([
      { after: null, limit: FIRST_BATCH },
      { after: FIRST_BATCH - 1, limit: 2 * FIRST_BATCH },
      { after: 3 * FIRST_BATCH - 1, limit: 3 * FIRST_BATCH },
      { after: 6 * FIRST_BATCH - 1, limit: 3 * FIRST_BATCH },
    ]);
  });

  it('stops after a short batch without asking again', async () => {
    const asked: (number | null)[] = [];
    const rows: number[] = [];
    for await (const row of keysetBatches(
      (after: number | null) => {
        asked.push(after);
        return Promise.resolve(after === null ? [1, 2, 3] : []);
      },
      (r) => r,
      3,
    ))
      rows.push(row);
    expect(rows).toEqual([1, 2, 3]);
    expect(asked).toEqual([null, 3]);
  });
});
