import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createCatalogueStore, type ReadyResponse } from './catalogue.cache.ts';

// docs/decisions/0155: a miss is compressed quickly, the entry's second answer in that encoding has the final, smaller
// copy made in the background, and every later answer sends it. (cached and encoded read no database.)
const store = () => createCatalogueStore({} as Db, { pollMs: 0 });
// 62 days of a busy offer's availability, as the route answers it
const rows = Array.from({ length: 1350 }, (_, i) => ({
  offerId: 1,
  date: `2027-01-${String(1 + (i % 28)).padStart(2, '0')}`,
  time: `${String(8 + (i % 12)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  left: (i * 7) % 40,
  isSameTicketForAdultsAndChildren: false,
  leftAdultsTickets: null,
  leftChildrenTickets: null,
  isSoldOut: i % 13 === 0,
  isPastCutOff: i < 20,
  isInstant: true,
}));
const settled = async (entry: ReadyResponse) => {
  await Promise.allSettled([entry.compressing.br, entry.compressing.gzip]);
  await new Promise((resolve) => setImmediate(resolve));
};

describe('the ready copies of a cached answer', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'in %s: quick for the miss, the final smaller copy from the third answer on',
    async (encoding, inflate) => {
      const cache = store();
      const json = JSON.stringify(rows);
      const entry = await cache.cached('k', 't', null, async () => json);
      const first = await cache.encoded(entry, encoding);
      await settled(entry);
      expect(entry.isFinal[encoding]).toBe(false);
      // the second answer: the same quick bytes at once, the final copy started
      const second = cache.encoded(entry, encoding);
      expect(Buffer.isBuffer(second) && second.equals(first)).toBe(true);
      expect(entry.compressing[encoding]).toBeDefined();
      await settled(entry);
      const third = cache.encoded(entry, encoding);
      const fourth = cache.encoded(entry, encoding);
      if (!Buffer.isBuffer(third)) throw new Error('the final copy is not kept');
      expect(entry.isFinal[encoding]).toBe(true);
      expect(third.length).toBeLessThan(first.length);
      expect(fourth).toBe(third);
      expect(entry.compressing[encoding]).toBeUndefined();
      for (const bytes of [first, third]) expect(inflate(bytes).toString()).toBe(json);
    },
  );

  it('never compresses a body under 1 KB', async () => {
    const cache = store();
    const entry = await cache.cached('k', 't', null, async () => '{"ok":true}');
    expect(cache.encoded(entry, 'br')).toBe(entry.body);
    expect(cache.encoded(entry, 'gzip')).toBe(entry.body);
    expect(entry.compressing).toEqual({});
  });
});
