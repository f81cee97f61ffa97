import type { AppConfig } from '../config/env.ts';
import type { Site } from '../config/sites.ts';

// Links in e-mails use the site's configured address, never the request's Host header (no host-header injection).
export function siteUrl(site: Site, config: AppConfig): string {
  if (site.publicUrl) return site.publicUrl.replace(/\/$/, '');
  if (config.publicUrl && site.kind === 'general') return config.publicUrl.replace(/\/$/, '');
  return `http://${site.hosts[0]}:${config.port}`;
}
