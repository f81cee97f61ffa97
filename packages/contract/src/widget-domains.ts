import { z } from 'zod';
import { PUBLIC, accessFor, defineRoute } from './define-route.ts';
import { WidgetDomainStatus, WidgetIdParams } from './widgets.ts';

// Issue 13 item 5: a widget's own domain. The agency adds two DNS records; the portal checks them with DNS look-ups
// only (never an HTTP call to the domain) and serves the shop on the domain once both are right.
// - TXT at `_b2b-verify.<domain>` with the value `b2b-verify=<token>`: proves the agency controls the domain.
// - CNAME from the domain to the portal's widget host (`WIDGET_CNAME_TARGET`), or for a bare domain A records that
//   are the widget host's own: sends the customers to the portal.

export const DOMAIN_VERIFY_LABEL = '_b2b-verify';
export const DOMAIN_VERIFY_PREFIX = 'b2b-verify=';

export type DomainRecord = { type: 'TXT' | 'CNAME'; name: string; value: string };

// The records the widget page shows the agency, in the order to add them
export function domainRecords(domain: string, token: string, cnameTarget: string): DomainRecord[] {
  return [
    { type: 'TXT', name: `${DOMAIN_VERIFY_LABEL}.${domain}`, value: `${DOMAIN_VERIFY_PREFIX}${token}` },
    { type: 'CNAME', name: domain, value: cnameTarget },
  ];
}

export { WIDGET_DOMAIN_MESSAGES, domainMessage, readDomainMessage } from './messages.ts';

export const DomainRecord = z.object({ type: z.enum(['TXT', 'CNAME']), name: z.string(), value: z.string() });

// A widget's domain as its page shows it: the records to add, the status (SPEC §4) and why a check failed
export const WidgetDomainView = z.object({
  domain: z.string(),
  status: WidgetDomainStatus.nullable(),
  reason: z.string().nullable(),
  checkedAt: z.string().nullable(),
  records: z.array(DomainRecord),
});
export type WidgetDomainView = z.infer<typeof WidgetDomainView>;

// Caddy's on-demand TLS "ask": a certificate only for a verified domain of a live widget
export const AllowedDomainQuery = z.object({ domain: z.string().trim().min(1).max(253) });

const tags = ['widgets'] as const;
const access = accessFor('manageWidgets');

export const widgetDomainRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/b2b/widgets/{id}/domain',
    summary: "A widget's custom domain: the DNS records to add, its status and the last check's reason",
    tags,
    access,
    params: WidgetIdParams,
    response: WidgetDomainView,
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/b2b/widgets/{id}/domain/verify',
    summary: "Check the widget's domain now (DNS look-ups only); the answer is the domain as it then stands",
    tags,
    access,
    params: WidgetIdParams,
    response: WidgetDomainView,
  }),
  allowed: defineRoute({
    method: 'GET',
    path: '/widgets/domains/allowed',
    summary:
      "For a TLS proxy (Caddy on_demand_tls ask): 200 when the domain is a live widget's verified domain, else 404",
    tags,
    access: PUBLIC,
    query: AllowedDomainQuery,
    response: z.object({ domain: z.string() }),
  }),
};
