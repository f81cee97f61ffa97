import { createHmac, randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

// Standard Webhooks (https://www.standardwebhooks.com): webhook-id, webhook-timestamp (Unix seconds) and
// webhook-signature "v1,<base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` under the secret's key>"
export const SECRET_PREFIX = 'whsec_';

export const newMessageId = () => `msg_${randomUUID().replace(/-/g, '')}`;

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

// Addresses a webhook may never reach: loopback, private, carrier-grade NAT, link-local (the cloud metadata service
// at 169.254.169.254 and fd00:ec2::254 among them), unspecified, documentation, benchmarking, multicast, reserved
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
  // IPv4-compatible (::a.b.c.d), local NAT64, 6to4 and Teredo: each can carry an address of the ranges above
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001::', 32],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

// an IPv6 address that carries an IPv4 one (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d): the IPv4 one decides
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex?.[1] || !hex[2]) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return isPublicAddress(v4);
    return !BLOCKED.check(address, 'ipv6');
  }
  return !BLOCKED.check(address, 'ipv4');
}

export type SendOutcome = { ok: boolean; statusCode: number | null; error: string | null };
export type SendOptions = { allowPrivate: boolean; requireHttps: boolean; timeoutMs: number };

// One try: the host resolved here, every address checked, the connection made to the checked address (no second
// look-up a DNS answer could change), no redirect followed, the answer's body read up to 64 KB and dropped.
export async function sendSigned(
  target: { url: string; secret: string },
  message: { id: string; body: string; timestamp: number },
  options: SendOptions,
): Promise<SendOutcome> {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    return { ok: false, statusCode: null, error: 'invalid address' };
  }
  if (url.protocol !== 'https:' && (options.requireHttps || url.protocol !== 'http:'))
    return { ok: false, statusCode: null, error: 'only https addresses receive webhooks' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch (error) {
    return { ok: false, statusCode: null, error: `DNS: ${(error as { code?: string }).code ?? 'lookup failed'}` };
  }
  const first = addresses[0];
  if (!first) return { ok: false, statusCode: null, error: 'DNS: no address' };
  if (!options.allowPrivate && addresses.some((a) => !isPublicAddress(a.address)))
    return { ok: false, statusCode: null, error: 'address not allowed (private, local or reserved network)' };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'GoldenFalcon-Webhooks/1.0',
          'webhook-id': message.id,
          'webhook-timestamp': String(message.timestamp),
          'webhook-signature': signature(target.secret, message.id, message.timestamp, message.body),
        },
        lookup: (_hostname, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all)
            (callback as (e: null, a: typeof addresses) => void)(null, [first]);
          else callback(null, first.address, first.family);
        },
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 65_536) response.destroy();
        });
        const done = () => {
          const code = response.statusCode ?? 0;
          resolve({
            ok: code >= 200 && code < 300,
            statusCode: code,
            error: code >= 200 && code < 300 ? null : `HTTP ${code}`,
          });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('error', (error) =>
      resolve({
        ok: false,
        statusCode: null,
        error: error.name === 'AbortError' ? 'timed out' : error.message.slice(0, 200),
      }),
    );
    request.end(message.body);
  });
}
