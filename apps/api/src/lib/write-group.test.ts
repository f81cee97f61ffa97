import { describe, expect, it } from 'vitest';
import { writeGroup } from './write-group.ts';

type Item = { key: string; value: number };

// A write group over a fake database: every call of `write` is one statement, answered with each value doubled
function recorder(options: { failWhen?: (items: Item[]) => boolean; windowMs?: number; maxItems?: number } = {}) {
  const statements: Item[][] = [];
  const group = writeGroup<Item, number>({
    windowMs: options.windowMs ?? 20,
    maxItems: options.maxItems ?? 100,
    keyOf: (item) => item.key,
    write: async (items) => {
      statements.push(items);
      if (options.failWhen?.(items)) throw new Error(`refused ${items.map((i) => i.key).join(',')}`);
      return items.map((item) => item.value * 2);
    },
  });
  return { group, statements };
}

const item = (key: string, value: number): Item => ({ key, value });

describe('write groups (group commit)', () => {
  it('writes what arrives within the window as one statement, each caller getting its own answer', async () => {
    const { group, statements } = recorder();
    const answers = await Promise.all([group.add(item('a', 1)), group.add(item('b', 2)), group.add(item('c', 3))]);
    expect(answers).toEqual([2, 4, 6]);
    expect(statements.map((s) => s.map((i) => i.key))).toEqual([['a', 'b', 'c']]);
  });

  it('never puts two writes of one key in a statement: the later goes in the next, in order', async () => {
    const { group, statements } = recorder();
    const answers = await Promise.all([
      group.add(item('a', 1)),
      group.add(item('a', 2)),
      group.add(item('b', 3)),
      group.add(item('a', 4)),
    ]);
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(statements.map((s) => s.map((i) => `${i.key}${i.value}`))).toEqual([['a1', 'b3'], ['a2'], ['a4']]);
  });

  it('writes a full group at once, without waiting for its window', async () => {
    const { group, statements } = recorder({ windowMs: 60_000, maxItems: 2 });
    expect(await Promise.all([group.add(item('a', 1)), group.add(item('b', 2))])).toEqual([2, 4]);
    expect(statements).toHaveLength(1);
  });

  it('writes what waits when flushed (shutdown), not at the end of its window', async () => {
    const { group, statements } = recorder({ windowMs: 60_000 });
    const answer = group.add(item('a', 1));
    group.flush();
    expect(await answer).toBe(2);
    expect(statements).toHaveLength(1);
  });

  it('writes a failed group again member by member: only the member that fails alone gets an error', async () => {
    const { group, statements } = recorder({ failWhen: (items) => items.some((i) => i.key === 'bad') });
    const [good, bad, other] = await Promise.allSettled([
      group.add(item('a', 1)),
      group.add(item('bad', 2)),
      group.add(item('c', 3)),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: 2 });
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('refused bad') });
    expect(other).toEqual({ status: 'fulfilled', value: 6 });
    expect(statements.map((s) => s.map((i) => i.key))).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('refuses a write whose statement answered for another number of items', async () => {
    const group = writeGroup<Item, number>({
      windowMs: 5,
      maxItems: 10,
      keyOf: (i) => i.key,
      write: async () => [],
    });
    await expect(group.add(item('a', 1))).rejects.toThrow('0 answers for 1 writes');
  });
});
