import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

export type ClientAddress = { ip: string | undefined; hostname: string };

// the last value of a header sent more than once (as Fastify reads X-Forwarded-Host)
function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',');
  return comma === -1 ? value.trim() : value.slice(comma + 1).trim();
}

function hostnameOf(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':', 1)[0] ?? '';
}

// The client's address and host name of a raw request, as Fastify's `request.ip` and `request.hostname` give them
// under the app's `trustProxy` (false, a hop count, or the proxies' addresses: config/env.ts), with the same
// @fastify/proxy-addr: for the front door, which reads a request before Fastify does. client-address.test holds it
// to Fastify's own answers.
export function clientAddressReader(trustProxy: false | number | string): (req: IncomingMessage) => ClientAddress {
  if (trustProxy === false)
    return (req) => ({ ip: req.socket.remoteAddress, hostname: hostnameOf(req.headers.host ?? '') });
  const trusted =
    typeof trustProxy === 'number'
      ? (_address: string, hop: number) => hop < trustProxy
      : proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
  return (req) => {
    const chain = proxyAddr.all(req, trusted);
    const ip = chain[chain.length - 1];
    const forwardedHost = req.headers['x-forwarded-host'];
    const host =
      ip !== undefined && typeof forwardedHost === 'string' && forwardedHost
        ? lastEntry(forwardedHost)
        : (req.headers.host ?? '');
    return { ip, hostname: hostnameOf(host) };
  };
}
