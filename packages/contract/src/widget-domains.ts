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

// Why a check failed, as the agency reads it on the widget page (stored with the status)
export const WIDGET_DOMAIN_MESSAGES = {
  txtMissing: 'No TXT record {name} was found',
  txtWrong: "The TXT record {name} does not hold this widget's verification code",
  notPointed: '{domain} does not point to {target}: add a CNAME record',
  dnsFailed: 'The DNS look-up failed ({code}); the check runs again shortly',
} as const;

export function domainMessage(
  key: keyof typeof WIDGET_DOMAIN_MESSAGES,
  values: { name?: string; domain?: string; target?: string; code?: string },
): string {
  return WIDGET_DOMAIN_MESSAGES[key].replace(/\{(\w+)\}/g, (_, k: string) => values[k as keyof typeof values] ?? '');
}
