import type { CurrencyCode, Language, MonthTaxInvoice } from '@portal/contract';
import {
  MONEY_MESSAGES,
  dayOfMonth,
  minorToMajor,
  monthKey,
  monthOf,
  nextMonth,
  previousMonth,
} from '@portal/contract';
import type { CalendarMonth } from '@portal/contract';
import type { Site, SiteRegistry } from '../../config/sites.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { includedVatMinor, issuerOf, loadMonthlyInvoicePdf, type DocumentIssuer } from '../documents/index.ts';
import {
  accountsToInvoice,
  findAgencyParty,
  findInvoice,
  insertInvoice,
  invoicesOfYear,
  lockCounter,
  monthLines,
  setCounter,
  suppliesByMonth,
  type InvoiceLine,
  type InvoiceParty,
  type TaxInvoiceRow,
} from './invoices.repo.ts';

// SPEC §9 "a single tax invoice per month downloadable after the 3rd of the next month". One place for the rules:
// which month is closed, what a month's invoice bills (invoices.repo.ts#monthLines), how it is numbered and issued.

export type Month = CalendarMonth;
type Account = { agencyId: string; currency: CurrencyCode };

export const INVOICE_DAY = 3;

// The Dubai day from which the month's tax invoice is issued: the 3rd of the next month
export function invoiceAvailableFrom(m: Month): string {
  return dayOfMonth(nextMonth(m), INVOICE_DAY);
}

export const isMonthClosed = (m: Month, today: string) => today >= invoiceAvailableFrom(m);

// One numbering per issuing company: its VAT registration number names it
export const issuerKeyOf = (issuer: DocumentIssuer) => issuer.vatRegistrationNumber;
export const invoiceNumberOf = (number: number) => `TI-${String(number).padStart(6, '0')}`;

export function issuerParty(issuer: DocumentIssuer): InvoiceParty {
  return {
    name: issuer.legalName,
    address: issuer.address,
    trn: issuer.vatRegistrationNumber,
    tradeLicence: issuer.tradeLicenceNumber,
    contacts: [issuer.phone, issuer.email].filter(Boolean).join('  ·  '),
  };
}

// What a month's invoice (or its proforma) says, before any number: both parties, the lines, the total and its VAT
type Draft = Pick<
  TaxInvoiceRow,
  'year' | 'month' | 'currency' | 'language' | 'issuer' | 'customer' | 'lines' | 'totalMinor' | 'vatMinor'
>;

function draftOf(
  site: Site,
  account: Account,
  m: Month,
  customer: { party: InvoiceParty; language: Language },
  lines: InvoiceLine[],
): Draft {
  const totalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  return {
    ...m,
    currency: account.currency,
    language: customer.language,
    issuer: issuerParty(issuerOf(site)),
    customer: customer.party,
    lines,
    totalMinor,
    vatMinor: includedVatMinor(totalMinor),
  };
}

// A numbered tax invoice, or (without `issued`) the proforma
async function renderPdf(draft: Draft, issued: { invoiceNumber: string; issuedAt: Date } | null): Promise<Buffer> {
  // loaded on first use: pdfkit adds to every start
  const { renderMonthlyInvoicePdf } = await loadMonthlyInvoicePdf();
  return renderMonthlyInvoicePdf({
    ...draft,
    kind: issued ? 'tax' : 'proforma',
    number: issued?.invoiceNumber ?? null,
    issuedAt: issued?.issuedAt ?? new Date(),
    availableFrom: invoiceAvailableFrom(draft),
  });
}

// The month's invoice, issued once: the existing one, else a new one numbered after the issuing company's last (null
// when nothing was charged to the balance in the month). Only for a closed month: a later entry can never be dated
// in it, so the invoice bills what the statement shows for the month, to the cent.
export async function issueMonthlyInvoice(
  db: Db,
  site: Site,
  account: Account,
  m: Month,
): Promise<TaxInvoiceRow | null> {
  const existing = await findInvoice(db, account, m);
  if (existing) return existing;
  const issuerKey = issuerKeyOf(issuerOf(site));
  return db.transaction(async (tx) => {
    // every issue for this company waits on its counter row: what was issued before is visible after it
    const last = await lockCounter(tx, issuerKey);
    const issued = await findInvoice(tx, account, m);
    if (issued) return issued;
    const customer = await findAgencyParty(tx, account.agencyId);
    if (!customer) return null;
    const lines = await monthLines(tx, account, m, customer.language);
    if (lines.length === 0) return null;
    const number = last + 1;
    const invoice = await insertInvoice(tx, {
      ...draftOf(site, account, m, customer, lines),
      agencyId: account.agencyId,
      issuerKey,
      number,
      invoiceNumber: invoiceNumberOf(number),
    });
    await setCounter(tx, issuerKey, number);
    return invoice;
  });
}

// The issuing job: from the 3rd, last month's invoices for every account that had supplies in it. A download issues
// one on demand too; either way the month's invoice is issued once and numbered in issue order.
export async function issueDueInvoices(deps: { db: Db; sites: SiteRegistry }, today = dubaiDate()): Promise<number> {
  const last = previousMonth(monthOf(today));
  if (!isMonthClosed(last, today)) return 0;
  let issued = 0;
  for (const account of await accountsToInvoice(deps.db, last)) {
    const site = deps.sites.byId(account.siteId) ?? deps.sites.all[0];
    if (!site) continue;
    if (await issueMonthlyInvoice(deps.db, site, account, last)) issued += 1;
  }
  return issued;
}

// What the balance page shows for each month of `year` that has entries
export async function monthInvoices(
  db: Db,
  account: Account,
  year: number,
  today = dubaiDate(),
): Promise<(month: number) => MonthTaxInvoice> {
  const [supplies, invoices] = await Promise.all([
    suppliesByMonth(db, account, year),
    invoicesOfYear(db, account, year),
  ]);
  const byMonth = new Map(invoices.map((invoice) => [invoice.month, invoice]));
  return (month) => {
    const m = { year, month };
    const availableFrom = invoiceAvailableFrom(m);
    const invoice = byMonth.get(month);
    if (invoice)
      return {
        status: 'issued',
        number: invoice.invoiceNumber,
        availableFrom,
        total: minorToMajor(invoice.totalMinor),
      };
    const supply = supplies.get(month);
    if (!supply) return { status: 'none', number: null, availableFrom, total: 0 };
    return {
      status: isMonthClosed(m, today) ? 'ready' : 'proforma',
      number: null,
      availableFrom,
      total: minorToMajor(supply.totalMinor),
    };
  };
}

export type InvoicePdf = { pdf: Buffer; fileName: string };

// The month's tax invoice as a PDF, in the language it was issued in: issued on this download if the job has not yet
export async function taxInvoicePdf(
  db: Db,
  site: Site,
  account: Account,
  m: Month,
  today = dubaiDate(),
): Promise<InvoicePdf> {
  if (!isMonthClosed(m, today)) throw AppError.field('month', MONEY_MESSAGES.invoiceNotYet);
  const invoice = await issueMonthlyInvoice(db, site, account, m);
  if (!invoice) throw AppError.notFound(MONEY_MESSAGES.invoiceNothing);
  const pdf = await renderPdf(invoice, invoice);
  return { pdf, fileName: `tax-invoice-${invoice.invoiceNumber}.pdf` };
}

// A proforma of a month not closed yet: what its tax invoice bills so far, unnumbered
export async function proformaPdf(
  db: Db,
  site: Site,
  account: Account,
  m: Month,
  language: Language | undefined,
  today = dubaiDate(),
): Promise<InvoicePdf> {
  if (isMonthClosed(m, today)) throw AppError.field('month', MONEY_MESSAGES.proformaMonthClosed);
  const customer = await findAgencyParty(db, account.agencyId);
  if (!customer) throw AppError.notFound(MONEY_MESSAGES.invoiceNothing);
  const shownIn = language ?? customer.language;
  const lines = await monthLines(db, account, m, shownIn);
  if (lines.length === 0) throw AppError.notFound(MONEY_MESSAGES.invoiceNothing);
  const pdf = await renderPdf(draftOf(site, account, m, { party: customer.party, language: shownIn }, lines), null);
  return { pdf, fileName: `proforma-${monthKey(m)}.pdf` };
}
