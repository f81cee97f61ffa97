import { Resolver } from 'node:dns/promises';

// DNS look-ups through configurable servers (DNS_SERVERS; the system's when unset), for checks that must never make an
// HTTP call to a name a customer typed (a widget's custom domain). A name that does not exist, or has no record of
// the asked kind, answers an empty list; a failure of DNS itself (timeout, SERVFAIL, refused) throws DnsLookupError
// with the resolver's code, so a check can tell "not set up" from "could not ask".
export type DnsLookups = {
  txt: (name: string) => Promise<string[]>;
  cname: (name: string) => Promise<string[]>;
  a: (name: string) => Promise<string[]>;
};

export class DnsLookupError extends Error {
  readonly code: string;

  constructor(name: string, code: string) {
    super(`DNS look-up of ${name} failed: ${code}`);
    this.name = 'DnsLookupError';
    this.code = code;
  }
}

const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

export function dnsLookups(options: { servers?: string[]; timeoutMs?: number; tries?: number } = {}): DnsLookups {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: options.tries ?? 2 });
  if (options.servers && options.servers.length > 0) resolver.setServers(options.servers);
  const ask = async <T>(name: string, lookup: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await lookup();
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'EUNKNOWN';
      if (ABSENT.has(code)) return [];
      throw new DnsLookupError(name, code);
    }
  };
  const lower = (names: string[]) => names.map((n) => n.toLowerCase().replace(/\.$/, ''));
  return {
    // a TXT record may come in several character strings: they are one value, joined
    txt: async (name) => (await ask(name, () => resolver.resolveTxt(name))).map((chunks) => chunks.join('')),
    cname: async (name) => lower(await ask(name, () => resolver.resolveCname(name))),
    a: (name) => ask(name, () => resolver.resolve4(name)),
  };
}
