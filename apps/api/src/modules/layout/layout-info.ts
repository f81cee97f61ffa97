import type { LayoutInfo } from '@portal/contract';
import { TOP_DESTINATIONS, type Site } from '../../config/sites.ts';

// What every page of a site shows around its content (SPEC §7 /layout/info): served by the route and written into
// index.html, so that the first page renders without asking for it.
export function layoutInfoFor(site: Site): LayoutInfo {
  return {
    site: {
      id: site.id,
      kind: site.kind,
      name: site.name,
      defaultLanguage: site.defaultLanguage,
      defaultCurrency: site.defaultCurrency,
      features: site.features,
      apiBase: site.apiBase,
      topDestinations: site.features.topDestinations ? TOP_DESTINATIONS : [],
    },
    contactInfo: site.contactInfo,
    hostData: site.hostData,
    legal: site.legal,
    supportPhone: site.supportPhone,
  };
}
