import type { PassThrough } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendXlsx } from './xlsx-reply.ts';

// A reply that keeps the stream it is given, as Fastify would send it
function fakeReply() {
  const sent: { stream: PassThrough | null } = { stream: null };
  const reply = {
    type: () => reply,
    header: () => reply,
    send: (stream: PassThrough) => {
      // Fastify listens for a sent stream's errors
      stream.on('error', () => undefined);
      sent.stream = stream;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}
const log = { error: () => undefined } as unknown as FastifyBaseLogger;

// Rows that say how many were read and whether they were closed (a snapshot's transaction ends when they are)
function countedRows(total: number) {
  const state = { read: 0, closed: false };
  const rows = (async function* () {
    try {
      for (let n = 0; n < total; n++) {
        state.read += 1;
        yield n;
      }
    } finally {
      state.closed = true;
    }
  })();
  return { rows, state };
}

describe('sendXlsx closes the rows when the writing stops early', () => {
  it('after a failure in the writer', async () => {
    const { reply } = fakeReply();
    const { rows, state } = countedRows(1000);
    await sendXlsx(reply, log, 'x.xlsx', rows, async (all) => {
      for await (const n of all) if (n === 2) throw new Error('disk full');
    });
    await delay(20);
    expect(state).toEqual({ read: 3, closed: true });
  });

  it('after the client goes away mid-download', async () => {
    const { reply, sent } = fakeReply();
    const { rows, state } = countedRows(1000);
    await sendXlsx(reply, log, 'x.xlsx', rows, async (all, out) => {
      for await (const n of all) {
        out.write(String(n));
        await delay(5);
      }
      out.end();
    });
    sent.stream?.resume();
    await delay(30);
    sent.stream?.destroy();
    await delay(30);
    expect(state.closed).toBe(true);
    expect(state.read).toBeLessThan(50);
  });

  it('reads every row of a download that goes through, then closes them', async () => {
    const { reply, sent } = fakeReply();
    const { rows, state } = countedRows(100);
    await sendXlsx(reply, log, 'x.xlsx', rows, async (all, out) => {
      for await (const n of all) out.write(String(n));
      out.end();
    });
    sent.stream?.resume();
    await delay(20);
    expect(state).toEqual({ read: 100, closed: true });
  });
});
