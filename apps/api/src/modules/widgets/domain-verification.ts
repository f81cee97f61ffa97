import { DOMAIN_VERIFY_LABEL, DOMAIN_VERIFY_PREFIX, domainMessage } from '@portal/contract';
import { DnsLookupError, type DnsLookups } from '../../lib/dns.ts';

export type DomainCheck = { status: 'verified' | 'verificationFailed'; reason: string | null };

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

// One check of a widget's custom domain (contract widget-domains.ts), by DNS look-ups only: the TXT record proves the
// agency controls the domain, the CNAME (or, for a bare domain, A records that are all the widget host's own) sends
// its customers to the portal. The first thing wrong is the reason; a DNS failure is a reason too (the job asks
// again), never an exception.
export async function checkWidgetDomain(
  dns: DnsLookups,
  input: { domain: string; token: string; cnameTarget: string },
): Promise<DomainCheck> {
  const domain = bare(input.domain);
  const target = bare(input.cnameTarget);
  const txtName = `${DOMAIN_VERIFY_LABEL}.${domain}`;
  try {
    const values = await dns.txt(txtName);
    if (values.length === 0) return failed(domainMessage('txtMissing', { name: txtName }));
    if (!values.some((value) => value.trim() === `${DOMAIN_VERIFY_PREFIX}${input.token}`))
      return failed(domainMessage('txtWrong', { name: txtName }));

    const cnames = await dns.cname(domain);
    if (cnames.includes(target)) return { status: 'verified', reason: null };
    if (cnames.length === 0) {
      const [own, portal] = await Promise.all([dns.a(domain), dns.a(target)]);
      const portalAddresses = new Set(portal);
      if (own.length > 0 && own.every((ip) => portalAddresses.has(ip))) return { status: 'verified', reason: null };
    }
    return failed(domainMessage('notPointed', { domain, target }));
  } catch (error) {
    if (error instanceof DnsLookupError) return failed(domainMessage('dnsFailed', { code: error.code }));
    throw error;
  }
}

const failed = (reason: string): DomainCheck => ({ status: 'verificationFailed', reason });
