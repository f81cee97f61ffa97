import { AGENCY_FILE_KINDS, CONTACT_BLOCKS, licenceState } from '@portal/contract';
import type { AgencyDetails, AgencyDetailsInput, AgencyDocument, AgencyFile, LicenceStatus } from '@portal/contract';
import type { AgencyContacts } from '../../db/schema/index.ts';
import { FILE_COLUMNS, type AgencyDetailsValues, type AgencyRow, type agencyDocuments } from './agency.repo.ts';

type DocumentRow = Awaited<ReturnType<typeof agencyDocuments>>[number];

const CONTACT_FIELDS = ['name', 'email', 'phone'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

// The form's fields as the columns that hold them
export function valuesOf(input: AgencyDetailsInput): AgencyDetailsValues {
  return {
    name: input.companyName,
    trnNumber: input.trnNumber,
    tradeLicenseNumber: input.tradeLicenseNumber,
    tradeLicenseExpiry: input.tradeLicenseExpiry,
    address: input.address,
    country: input.country,
    city: input.city,
    bankName: input.bank.name,
    bankAccountNumber: input.bank.accountNumber,
    iban: input.bank.iban,
    swift: input.bank.swift,
    bankNotes: input.bank.notes,
    signatoryName: input.contracting.signatoryName,
    contractValidFrom: input.contracting.validFrom,
    contractValidTo: input.contracting.validTo,
    contacts: input.contacts,
  };
}

function contactsOf(contacts: AgencyContacts): AgencyDetails['contacts'] {
  const empty = { name: '', email: '', phone: '' };
  return {
    operations: contacts.operations ?? empty,
    accounts: contacts.accounts ?? empty,
    support: contacts.support ?? empty,
  };
}

// The form's fields under the names the history shows them by ('bank.iban', 'contacts.accounts.email')
export function auditFieldsOf(values: AgencyDetailsValues): Record<string, string | null> {
  const flat: Record<string, string | null> = {
    companyName: values.name,
    trnNumber: values.trnNumber,
    tradeLicenseNumber: values.tradeLicenseNumber,
    tradeLicenseExpiry: values.tradeLicenseExpiry,
    address: values.address,
    country: values.country,
    city: values.city,
    'bank.name': values.bankName,
    'bank.accountNumber': values.bankAccountNumber,
    'bank.iban': values.iban,
    'bank.swift': values.swift,
    'bank.notes': values.bankNotes,
    'contracting.signatoryName': values.signatoryName,
    'contracting.validFrom': values.contractValidFrom,
    'contracting.validTo': values.contractValidTo,
  };
  const contacts = contactsOf(values.contacts);
  for (const block of CONTACT_BLOCKS)
    for (const field of CONTACT_FIELDS) flat[`contacts.${block}.${field}`] = contacts[block][field];
  return flat;
}

export function licenceStatusOf(expiry: string, today: string): LicenceStatus {
  return {
    state: licenceState(expiry, today),
    expiry,
    daysLeft: Math.round((Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS),
  };
}

function fileView(row: DocumentRow): AgencyFile {
  return {
    id: row.id,
    originalName: row.originalName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.createdAt.toISOString(),
    uploadedBy: row.uploadedBy,
  };
}

function documentOf(kind: string, currentId: string | null, rows: DocumentRow[]): AgencyDocument {
  const current = rows.find((row) => row.id === currentId) ?? null;
  return {
    current: current ? fileView(current) : null,
    history: rows.filter((row) => row.kind === kind && row.id !== current?.id).map(fileView),
  };
}

export function agencyDetailsView(
  agency: AgencyRow,
  documents: DocumentRow[],
  options: { canEdit: boolean; today: string },
): AgencyDetails {
  const files = Object.fromEntries(
    AGENCY_FILE_KINDS.map((kind) => [kind, documentOf(kind, agency[FILE_COLUMNS[kind]], documents)]),
  ) as AgencyDetails['files'];
  return {
    id: agency.id,
    status: agency.status,
    currency: agency.currency,
    companyName: agency.name,
    trnNumber: agency.trnNumber,
    tradeLicenseNumber: agency.tradeLicenseNumber,
    tradeLicenseExpiry: agency.tradeLicenseExpiry,
    address: agency.address,
    country: agency.country,
    city: agency.city,
    bank: {
      name: agency.bankName,
      accountNumber: agency.bankAccountNumber,
      iban: agency.iban,
      swift: agency.swift,
      notes: agency.bankNotes,
    },
    contracting: {
      signatoryName: agency.signatoryName,
      validFrom: agency.contractValidFrom,
      validTo: agency.contractValidTo,
    },
    contacts: contactsOf(agency.contacts),
    files,
    licence: licenceStatusOf(agency.tradeLicenseExpiry, options.today),
    isReplayRecorded: agency.isReplayRecorded,
    canEdit: options.canEdit,
    updatedAt: agency.updatedAt.toISOString(),
  };
}
