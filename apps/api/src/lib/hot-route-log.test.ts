import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { hotRouteLog, type ChildLoggerFactory } from './hot-route-log.ts';

const sampledRequestLogger = (sampleEvery: number) => hotRouteLog(sampleEvery).childLogger;

function collected(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      callback();
    },
  });
  return { logger: pino({ level }, stream) as unknown as FastifyBaseLogger, lines };
}

// as Fastify calls it for each request
const childFor = (factory: ChildLoggerFactory, logger: FastifyBaseLogger, reqId: string) =>
  factory.call({} as FastifyInstance, logger, { reqId }, {}, {} as IncomingMessage);

describe("hotRouteLog: the hot routes' child logger", () => {
  it('logs one request in N as any other, and only warnings and errors of the others, with their bindings', () => {
    const { logger, lines } = collected('info');
    const factory = sampledRequestLogger(3);
    for (let n = 1; n <= 6; n += 1) {
      const child = childFor(factory, logger, `req-${n}`);
      child.info('incoming request');
      if (n === 2) child.warn('slow');
      if (n === 4) child.error('failed');
    }
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['req-2', 'slow'],
      ['req-3', 'incoming request'],
      ['req-4', 'failed'],
      ['req-6', 'incoming request'],
    ]);
  });

  it('logs every request with 1, and nothing below the level with the others', () => {
    const every = collected('info');
    const factory = sampledRequestLogger(1);
    for (let n = 1; n <= 3; n += 1) childFor(factory, every.logger, `req-${n}`).info('incoming request');
    expect(every.lines).toHaveLength(3);
    const quiet = collected('error');
    const sampled = sampledRequestLogger(100);
    const child = childFor(sampled, quiet.logger, 'req-1');
    child.warn('not at error level');
    child.error('at error level');
    expect(quiet.lines.map((line) => line.msg)).toEqual(['at error level']);
  });

  it('hands one request in N to Fastify to be logged only when the logger logs requests (info or below)', () => {
    const asked = (level: string) => {
      const log = hotRouteLog(3, collected(level).logger);
      return Array.from({ length: 9 }, () => log.sample({} as IncomingMessage));
    };
    expect(asked('info')).toEqual([false, false, true, false, false, true, false, false, true]);
    expect(asked('debug').filter(Boolean)).toHaveLength(3);
    // above info nothing more would be logged for the sampled one: the front door keeps every request
    expect(asked('warn')).toEqual(Array.from({ length: 9 }, () => false));
    expect(asked('silent').some(Boolean)).toBe(false);
  });
});
