import { firstPageRoute } from './paths.ts';
import { z } from 'zod';
import { AgencyStatus, CurrencyCode, DateOnly } from './common.ts';
import { accessFor, defineRoute } from './define-route.ts';
import { isCalendarDate } from './calendar.ts';
import { COMPANY_MESSAGES, FIELD_MESSAGES } from './messages.ts';
import { OptionalEmail, optionalPhone, RequiredText } from './validation.ts';
import { isValidIban, isValidSwift, isValidUaeTrn, normalizeIban } from './company-rules.ts';
import { AuditListResponse, AuditQuery } from './audit.ts';

// SPEC §2 /my-agencies (company settings), §3 Agency, §5 company form, §7 GET/PUT /b2b/agency. Every role reads the
// company's details; admins edit them (roles.ts: viewCompanyDetails, editCompanyDetails). Files go up one at a time
// (POST /b2b/agency/files/{kind}, multipart `file`), each checked by content and size; a replaced file stays in the
// document's history.

export { COMPANY_MESSAGES };

export const AGENCY_FILE_KINDS = ['tradeLicense', 'vatCertificate', 'contract', 'signatoryPassport'] as const;
export const AgencyFileKind = z.enum(AGENCY_FILE_KINDS, { error: COMPANY_MESSAGES.unknownFileKind });
export type AgencyFileKind = z.infer<typeof AgencyFileKind>;

export const CONTACT_BLOCKS = ['operations', 'accounts', 'support'] as const;
export type ContactBlockKey = (typeof CONTACT_BLOCKS)[number];

const CalendarDate = DateOnly.refine(isCalendarDate, 'Use the format yyyy-MM-dd');
const OptionalText = (max: number) => z.string().trim().max(max).default('');
const OptionalDate = z
  .union([CalendarDate, z.literal('')])
  .nullable()
  .default(null)
  .transform((v) => v || null);
const OptionalPhone = optionalPhone(COMPANY_MESSAGES.invalidPhone);

export const ContactBlock = z.object({ name: OptionalText(100), email: OptionalEmail, phone: OptionalPhone }).strict();
export type ContactBlock = z.infer<typeof ContactBlock>;
const EMPTY_CONTACT = { name: '', email: '', phone: '' };

// PUT /b2b/agency: the whole form (the sign-up's basic info plus bank, contracting and contacts). IBAN, SWIFT and TRN
// are stored as typed without spaces, in capitals.
export const AgencyDetailsBody = z
  .object({
    companyName: RequiredText(200),
    trnNumber: z
      .string()
      .trim()
      .refine((v) => v === '' || isValidUaeTrn(v), COMPANY_MESSAGES.invalidTrn)
      .transform((v) => v.replace(/\s+/g, ''))
      .default(''),
    tradeLicenseNumber: RequiredText(60),
    tradeLicenseExpiry: CalendarDate,
    address: RequiredText(300),
    country: RequiredText(80),
    city: RequiredText(80),
    bank: z
      .object({
        name: OptionalText(120),
        accountNumber: z
          .string()
          .trim()
          .max(40)
          .regex(/^[0-9A-Za-z -]*$/, FIELD_MESSAGES.accountNumber)
          .default(''),
        iban: z
          .string()
          .trim()
          .refine((v) => v === '' || isValidIban(v), COMPANY_MESSAGES.invalidIban)
          .transform(normalizeIban)
          .default(''),
        swift: z
          .string()
          .trim()
          .refine((v) => v === '' || isValidSwift(v), COMPANY_MESSAGES.invalidSwift)
          .transform((v) => v.replace(/\s+/g, '').toUpperCase())
          .default(''),
        notes: OptionalText(1000),
      })
      .strict()
      .default({ name: '', accountNumber: '', iban: '', swift: '', notes: '' }),
    contracting: z
      .object({ signatoryName: OptionalText(100), validFrom: OptionalDate, validTo: OptionalDate })
      .strict()
      .refine((c) => !c.validFrom || !c.validTo || c.validFrom <= c.validTo, {
        message: COMPANY_MESSAGES.contractDates,
        path: ['validTo'],
      })
      .default({ signatoryName: '', validFrom: null, validTo: null }),
    contacts: z
      .object({
        operations: ContactBlock.default(EMPTY_CONTACT),
        accounts: ContactBlock.default(EMPTY_CONTACT),
        support: ContactBlock.default(EMPTY_CONTACT),
      })
      .strict()
      .default({ operations: EMPTY_CONTACT, accounts: EMPTY_CONTACT, support: EMPTY_CONTACT }),
  })
  .strict();
export type AgencyDetailsBody = z.input<typeof AgencyDetailsBody>;
export type AgencyDetailsInput = z.output<typeof AgencyDetailsBody>;

export const AgencyFile = z.object({
  id: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
});
export type AgencyFile = z.infer<typeof AgencyFile>;

// the document in use and the ones it replaced, newest first
export const AgencyDocument = z.object({ current: AgencyFile.nullable(), history: z.array(AgencyFile) });
export type AgencyDocument = z.infer<typeof AgencyDocument>;

export const LicenceStatus = z.object({
  state: z.enum(['valid', 'expiring', 'expired']),
  expiry: z.string(),
  // days left until the expiry day (0: expires today; negative: expired that many days ago)
  daysLeft: z.number().int(),
});
export type LicenceStatus = z.infer<typeof LicenceStatus>;

export const AgencyDetails = z.object({
  id: z.string(),
  status: AgencyStatus,
  currency: CurrencyCode,
  companyName: z.string(),
  trnNumber: z.string(),
  tradeLicenseNumber: z.string(),
  tradeLicenseExpiry: z.string(),
  address: z.string(),
  country: z.string(),
  city: z.string(),
  bank: z.object({
    name: z.string(),
    accountNumber: z.string(),
    iban: z.string(),
    swift: z.string(),
    notes: z.string(),
  }),
  contracting: z.object({
    signatoryName: z.string(),
    validFrom: z.string().nullable(),
    validTo: z.string().nullable(),
  }),
  contacts: z.object({ operations: ContactBlock, accounts: ContactBlock, support: ContactBlock }),
  files: z.object({
    tradeLicense: AgencyDocument,
    vatCertificate: AgencyDocument,
    contract: AgencyDocument,
    signatoryPassport: AgencyDocument,
  }),
  licence: LicenceStatus,
  // support replay records the agency's agents (issue 31; the tours company's switch): its admins are told so
  isReplayRecorded: z.boolean(),
  // whether the caller may edit (an admin); the server enforces it either way
  canEdit: z.boolean(),
  updatedAt: z.string(),
});
export type AgencyDetails = z.infer<typeof AgencyDetails>;

export const AgencyFileParams = z.object({ kind: AgencyFileKind });

const tags = ['agency'] as const;

export const agencyRoutes = {
  get: defineRoute({
    ...firstPageRoute('agency'),
    summary: "The agency's company settings (every role reads them)",
    tags,
    access: accessFor('viewCompanyDetails'),
    response: AgencyDetails,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/b2b/agency',
    summary: "Save the agency's company settings (admins); each change is kept in the history",
    tags,
    access: accessFor('editCompanyDetails'),
    body: AgencyDetailsBody,
    response: AgencyDetails,
  }),
  uploadFile: defineRoute({
    method: 'POST',
    path: '/b2b/agency/files/{kind}',
    summary: 'Upload a company document (multipart `file`, PDF/JPG/PNG up to 5 MB); the one it replaces is kept',
    tags,
    access: accessFor('editCompanyDetails'),
    multipart: true,
    params: AgencyFileParams,
    response: AgencyDetails,
  }),
  history: defineRoute({
    method: 'GET',
    path: '/b2b/agency/history',
    summary: "Who changed the company's details and documents, newest first (admins)",
    tags,
    access: accessFor('editCompanyDetails'),
    query: AuditQuery,
    response: AuditListResponse,
  }),
};
