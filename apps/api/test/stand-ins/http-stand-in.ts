import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; rawBody: string };
export type StandInResponse = { status: number; body: unknown; headers?: Record<string, string> };
export type StandInHandler = (request: StandInRequest) => StandInResponse | Promise<StandInResponse>;

export type HttpStandIn = { baseUrl: string; requests: StandInRequest[]; close: () => Promise<void> };

// A loopback HTTP server (127.0.0.1, ephemeral port) that records every request: tests never reach the internet.
export async function startHttpStandIn(handler: StandInHandler): Promise<HttpStandIn> {
  const requests: StandInRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: StandInRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      Promise.resolve()
        .then(() => handler(request))
        .catch(
          (error: unknown): StandInResponse => ({
            status: 500,
            body: { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } },
          }),
        )
        .then((response) => {
          const isJson = typeof response.body !== 'string';
          res.writeHead(response.status, {
            'content-type': isJson ? 'application/json' : 'text/html; charset=utf-8',
            ...response.headers,
          });
          res.end(isJson ? JSON.stringify(response.body) : response.body);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function bearerToken(headers: http.IncomingHttpHeaders): string | null {
  const value = headers.authorization;
  return value?.startsWith('Bearer ') ? value.slice('Bearer '.length) : null;
}
