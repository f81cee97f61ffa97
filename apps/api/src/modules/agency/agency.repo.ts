import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { AGENCY_FILE_KINDS, type AgencyFileKind } from '@portal/contract';
import type { DbOrTx } from '../../db/client.ts';
import { agencies, files, users, type AgencyContacts } from '../../db/schema/index.ts';

export type AgencyRow = typeof agencies.$inferSelect;
export type NewAgencyFile = typeof files.$inferInsert;

// The columns of the company form (PUT /b2b/agency)
export type AgencyDetailsValues = Pick<
  AgencyRow,
  | 'name'
  | 'trnNumber'
  | 'tradeLicenseNumber'
  | 'tradeLicenseExpiry'
  | 'address'
  | 'country'
  | 'city'
  | 'bankName'
  | 'bankAccountNumber'
  | 'iban'
  | 'swift'
  | 'bankNotes'
  | 'signatoryName'
  | 'contractValidFrom'
  | 'contractValidTo'
> & { contacts: AgencyContacts };

// The agency row pointing at each kind's current document
export const FILE_COLUMNS = {
  tradeLicense: 'tradeLicenseFileId',
  vatCertificate: 'vatCertificateFileId',
  contract: 'contractFileId',
  signatoryPassport: 'signatoryPassportFileId',
} as const satisfies Record<AgencyFileKind, keyof AgencyRow>;

export async function findAgency(db: DbOrTx, agencyId: string): Promise<AgencyRow | null> {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  return row ?? null;
}

// Saves and uploads of one agency take turns on its row: each reads what it changes under the lock
export async function lockAgency(tx: DbOrTx, agencyId: string): Promise<AgencyRow | null> {
  const [row] = await tx.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1).for('update');
  return row ?? null;
}

export async function saveAgencyDetails(
  tx: DbOrTx,
  agencyId: string,
  values: AgencyDetailsValues,
  resetLicenceWarning: boolean,
): Promise<void> {
  await tx
    .update(agencies)
    .set({ ...values, ...(resetLicenceWarning ? { licenceWarnedFor: null } : {}), updatedAt: sql`now()` })
    .where(eq(agencies.id, agencyId));
}

// Every company document of the agency (current and replaced), newest first, with the uploader's name
export async function agencyDocuments(db: DbOrTx, agencyId: string) {
  return db
    .select({
      id: files.id,
      kind: files.kind,
      originalName: files.originalName,
      contentType: files.contentType,
      sizeBytes: files.sizeBytes,
      createdAt: files.createdAt,
      uploadedBy: users.name,
    })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .where(and(eq(files.agencyId, agencyId), inArray(files.kind, [...AGENCY_FILE_KINDS])))
    .orderBy(desc(files.createdAt), desc(files.id));
}

export async function findAgencyFile(db: DbOrTx, agencyId: string, fileId: string) {
  const [row] = await db
    .select({ id: files.id, originalName: files.originalName })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.agencyId, agencyId)))
    .limit(1);
  return row ?? null;
}

export async function insertAgencyFile(tx: DbOrTx, file: NewAgencyFile): Promise<{ id: string }> {
  const [row] = await tx.insert(files).values(file).returning({ id: files.id });
  if (!row) throw new Error('file insert returned nothing');
  return row;
}

export async function pointAgencyAt(tx: DbOrTx, agencyId: string, kind: AgencyFileKind, fileId: string) {
  await tx
    .update(agencies)
    .set({ [FILE_COLUMNS[kind]]: fileId, updatedAt: sql`now()` })
    .where(eq(agencies.id, agencyId));
}

export type LicenceAlertCandidate = {
  agencyId: string;
  siteId: string;
  language: AgencyRow['language'];
  name: string;
  tradeLicenseNumber: string;
  tradeLicenseExpiry: string;
};

// Approved agencies whose licence expires from `today` through `warnUntil` and whose admins were not yet warned about
// this expiry date
export async function licenceAlertCandidates(
  db: DbOrTx,
  today: string,
  warnUntil: string,
): Promise<LicenceAlertCandidate[]> {
  return db
    .select({
      agencyId: agencies.id,
      siteId: agencies.siteId,
      language: agencies.language,
      name: agencies.name,
      tradeLicenseNumber: agencies.tradeLicenseNumber,
      tradeLicenseExpiry: agencies.tradeLicenseExpiry,
    })
    .from(agencies)
    .where(
      and(
        eq(agencies.status, 'approved'),
        gte(agencies.tradeLicenseExpiry, today),
        lte(agencies.tradeLicenseExpiry, warnUntil),
        sql`${agencies.licenceWarnedFor} IS DISTINCT FROM ${agencies.tradeLicenseExpiry}`,
      ),
    )
    .orderBy(asc(agencies.tradeLicenseExpiry), asc(agencies.id));
}

// Records the warning for this expiry date unless it was already recorded (or the date changed meanwhile): true when
// this call did, so the caller queues the mails in the same transaction — once per expiry date, whichever node runs
export async function markLicenceWarned(tx: DbOrTx, agencyId: string, expiry: string): Promise<boolean> {
  const rows = await tx
    .update(agencies)
    .set({ licenceWarnedFor: expiry })
    .where(
      and(
        eq(agencies.id, agencyId),
        eq(agencies.tradeLicenseExpiry, expiry),
        sql`${agencies.licenceWarnedFor} IS DISTINCT FROM ${expiry}::date`,
      ),
    )
    .returning({ id: agencies.id });
  return rows.length > 0;
}
