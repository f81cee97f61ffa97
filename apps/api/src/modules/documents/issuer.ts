import type { SiteConfig } from '../../config/sites.ts';

// The company that issues a site's documents (voucher, tickets, tax invoices): the tours company's legal entity
export type DocumentIssuer = {
  legalName: string;
  address: string;
  vatRegistrationNumber: string;
  tradeLicenceNumber: string;
  phone: string;
  email: string;
  // a widget sale's documents carry the agency's shop logo (PNG or JPEG bytes) instead of the portal's name only
  logo?: Buffer | null;
};

export function issuerOf(site: SiteConfig): DocumentIssuer {
  return {
    legalName: site.legal.legalName,
    address: site.hostData.address,
    vatRegistrationNumber: site.legal.vatRegistrationNumber,
    tradeLicenceNumber: site.legal.tradeLicenceNumber,
    phone: site.contactInfo.phone,
    email: site.hostData.email,
  };
}
