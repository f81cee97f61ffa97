import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddressReader, type ClientAddress } from './client-address.ts';

// The front door finds the client as Fastify does, under each kind of TRUST_PROXY setting (config/env.ts)
const settings: (false | number | string)[] = [false, 1, 2, '10.0.0.1', '10.0.0.0/8, 127.0.0.1'];
const requests: { remoteAddress: string; headers: Record<string, string> }[] = [
  { remoteAddress: '10.0.0.1', headers: { host: 'localhost:3000' } },
  { remoteAddress: '10.0.0.1', headers: { host: 'ru.localhost', 'x-forwarded-for': '203.0.113.7' } },
  {
    remoteAddress: '10.0.0.1',
    headers: {
      host: 'localhost',
      'x-forwarded-for': '198.51.100.1, 10.0.0.2',
      'x-forwarded-host': 'a.test, partner.localhost:8443',
    },
  },
  {
    remoteAddress: '192.0.2.9',
    headers: { host: '[::1]:3000', 'x-forwarded-for': '203.0.113.8', 'x-forwarded-host': 'x.test' },
  },
  { remoteAddress: '127.0.0.1', headers: { host: 'localhost', 'x-forwarded-for': 'garbage, 203.0.113.9' } },
];

describe('clientAddressReader', () => {
  for (const trustProxy of settings)
    it(`gives Fastify's request.ip and hostname with trustProxy ${JSON.stringify(trustProxy)}`, async () => {
      const app = Fastify({ trustProxy });
      const read = clientAddressReader(trustProxy);
      app.get('/', (request) => ({ fastify: { ip: request.ip, hostname: request.hostname }, ours: read(request.raw) }));
      for (const { remoteAddress, headers } of requests) {
        const answer = (await app.inject({ method: 'GET', url: '/', remoteAddress, headers })).json() as {
          fastify: ClientAddress;
          ours: ClientAddress;
        };
        expect(answer.ours).toEqual(answer.fastify);
      }
      await app.close();
    });
});
