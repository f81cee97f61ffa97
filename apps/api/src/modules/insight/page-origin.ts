import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@portal/contract';
import type { Site } from '../../config/sites.ts';
import { AppError } from '../../lib/app-error.ts';

// Refuses (403) a request that does not come from a page the portal served: the analytics batches and support
// replay's uploads
export function refuseForeignPages(sites: readonly Site[]): (request: FastifyRequest) => void {
  const hosts = portalHosts(sites);
  return (request) => {
    if (!isFromPortalPage(request, hosts)) throw new AppError('forbidden', MESSAGES.forbidden);
  };
}

// The host names of the portal's own pages: every site's hosts and its public address
function portalHosts(sites: readonly Site[]): ReadonlySet<string> {
  const hosts = new Set<string>();
  for (const site of sites) {
    for (const host of site.hosts) hosts.add(host.toLowerCase());
    const publicHost = site.publicUrl ? urlOf(site.publicUrl)?.hostname : undefined;
    if (publicHost) hosts.add(publicHost.toLowerCase());
  }
  return hosts;
}

// Whether the request comes from a page the portal served: its Origin (else its Referer) names one of the portal's
// hosts or the request's own; without either — our pages send no Referer, and a same-origin POST under that policy
// carries `Origin: null` — the browser's Sec-Fetch-Site must say same-origin. A cross-site request never is.
function isFromPortalPage(request: FastifyRequest, hosts: ReadonlySet<string>): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return false;
  const source = urlOf(request.headers.origin) ?? urlOf(request.headers.referer);
  if (source) return source.host === request.host || hosts.has(source.hostname.toLowerCase());
  return fetchSite === 'same-origin';
}

function urlOf(value: string | string[] | undefined): URL | null {
  if (typeof value !== 'string' || value === 'null') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
