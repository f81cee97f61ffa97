// A closed-loop HTTP/1.1 load for the catalogue scenarios (docs/decisions/0164): `connections` kept-alive sockets,
// each sending its next GET as soon as the last byte of the answer before it arrived, for `duration` seconds. It reads
// the status line and the framing (Content-Length, chunked, or none for 304 and 204) and counts the body's bytes
// without decoding them. autocannon appends every body to a text (`req.body += data`): a compressed answer is then
// decoded as UTF-8 by the load generator, which on this two-core machine cost the client more than the server spends
// on the answer, and the server's rate measured the client's decoding (a bare server sending 5,130 random bytes:
// 26–27k req/s under autocannon, against 41–43k for 5,130 ASCII bytes with the same headers).
import net from 'node:net';
import { percentile } from './util.mjs';

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

const round = (ms) => (ms === undefined ? 0 : Math.round(ms * 10) / 10);

// One connection's reader: fed the socket's bytes, calls `done(status, bytes)` once per complete answer
function answerReader(done) {
  let pending = Buffer.alloc(0);
  // 'head', 'length' (bodyLeft bytes to go), 'chunk-size', 'chunk-data' (bodyLeft + its CRLF), 'trailer'
  let state = 'head';
  let status = 0;
  let bodyLeft = 0;
  let bytes = 0;
  const finish = () => {
    state = 'head';
    done(status, bytes);
  };
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let at = 0;
    // counts what is here of the body's bodyLeft bytes: true once they have all arrived
    const consumeBody = () => {
      const take = Math.min(bodyLeft, pending.length - at);
      bodyLeft -= take;
      bytes += take;
      at += take;
      return bodyLeft === 0;
    };
    for (;;) {
      if (state === 'head') {
        const end = pending.indexOf(HEAD_END, at);
        if (end === -1) break;
        const head = pending.toString('latin1', at, end).toLowerCase();
        status = Number(head.slice(9, 12));
        bytes = end + 4 - at;
        at = end + 4;
        const length = /\r\ncontent-length:[ \t]*(\d+)/.exec(head);
        if (status === 304 || status === 204 || (status >= 100 && status < 200)) finish();
        else if (/\r\ntransfer-encoding:[^\r]*chunked/.test(head)) state = 'chunk-size';
        else if (length) {
          bodyLeft = Number(length[1]);
          state = 'length';
          if (bodyLeft === 0) finish();
        } else throw new Error(`an answer without a length (status ${status}): the load needs one it can frame`);
      } else if (state === 'length') {
        if (!consumeBody()) break;
        finish();
      } else if (state === 'chunk-size' || state === 'trailer') {
        const end = pending.indexOf(CRLF, at);
        if (end === -1) break;
        const line = pending.toString('latin1', at, end);
        bytes += end + 2 - at;
        at = end + 2;
        if (state === 'trailer') {
          if (line === '') finish();
          continue;
        }
        bodyLeft = Number.parseInt(line, 16);
        state = bodyLeft === 0 ? 'trailer' : 'chunk-data';
        bodyLeft += 2;
      } else {
        if (!consumeBody()) break;
        state = 'chunk-size';
      }
    }
    pending = at >= pending.length ? Buffer.alloc(0) : pending.subarray(at);
  };
}

// The figures the bench reads, in autocannon's shape: requests.average/total (req/s, count), latency.p50/p99 (ms),
// throughput.average (bytes/s), 2xx, non2xx, errors, timeouts
export function closedLoop({ url, connections = 10, duration = 10, headers = {}, nextPath = null }) {
  const target = new URL(url);
  const headerText = Object.entries({ host: target.host, ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requestOf = (path) => Buffer.from(`GET ${path} HTTP/1.1\r\n${headerText}\r\n`);
  const fixed = requestOf(`${target.pathname}${target.search}`);
  const requestFor = () => (nextPath ? requestOf(nextPath()) : fixed);
  const latencies = [];
  let answers = 0;
  let non2xx = 0;
  let errors = 0;
  let totalBytes = 0;
  let running = true;

  return new Promise((resolve, reject) => {
    const started = performance.now();
    let open = 0;
    const closed = () => {
      open -= 1;
      if (open > 0) return;
      const seconds = (performance.now() - started) / 1000;
      resolve({
        requests: { average: answers / Math.min(seconds, duration), total: answers },
        // in ms to a tenth, as autocannon's whole milliseconds were read
        latency: { p50: round(percentile(latencies, 0.5)), p99: round(percentile(latencies, 0.99)) },
        throughput: { average: totalBytes / Math.min(seconds, duration) },
        '2xx': answers - non2xx,
        non2xx,
        errors,
        timeouts: 0,
      });
    };
    const connect = () => {
      open += 1;
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      let sentAt = 0;
      const send = () => {
        if (!running) return socket.end();
        sentAt = performance.now();
        socket.write(requestFor());
      };
      const read = answerReader((status, bytes) => {
        latencies.push(performance.now() - sentAt);
        answers += 1;
        totalBytes += bytes;
        if (status < 200 || status >= 300) non2xx += 1;
        send();
      });
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        try {
          read(chunk);
        } catch (error) {
          running = false;
          socket.destroy();
          reject(error);
        }
      });
      socket.on('error', () => {
        errors += 1;
      });
      socket.on('close', () => {
        // a connection the server closed while the load runs is opened again, as autocannon does
        if (running) connect();
        closed();
      });
    };
    for (let i = 0; i < connections; i++) connect();
    setTimeout(() => {
      running = false;
    }, duration * 1000);
  });
}
