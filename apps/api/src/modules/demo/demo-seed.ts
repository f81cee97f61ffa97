import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { postLedgerEntry } from '../ledger/index.ts';
import { hashPassword } from '../../lib/password.ts';
import { insertAgency, insertUser } from '../account/index.ts';

export const DEMO_PASSWORD = 'Demo-2026-pass';

export const DEMO_ACCOUNTS = [
  { email: 'admin@desertrose.test', role: 'admin', agency: 'Desert Rose Travel LLC', site: 'general' },
  { email: 'senior@desertrose.test', role: 'senior', agency: 'Desert Rose Travel LLC', site: 'general' },
  { email: 'junior@desertrose.test', role: 'junior', agency: 'Desert Rose Travel LLC', site: 'general' },
  { email: 'admin@volga.test', role: 'admin', agency: 'Volga Tours', site: 'ru' },
  { email: 'ops@portal.test', role: 'operator', agency: '(tours company)', site: 'any' },
] as const;

// Demo data for the embedded default only (never in production). Returns true when it was created now.
export async function seedDemoData(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'ops@portal.test')).limit(1);
  if (existing) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  const hash = (i: number) => hashes[i] ?? '';
  await db.transaction(async (tx) => {
    const desertRose = await insertAgency(tx, {
      siteId: 'general',
      name: 'Desert Rose Travel LLC',
      tradeLicenseNumber: 'DED-884211',
      tradeLicenseExpiry: '2027-12-31',
      trnNumber: '100987654300003',
      address: 'Office 305, Al Attar Business Tower, Sheikh Zayed Road, Dubai',
      country: 'United Arab Emirates',
      city: 'Dubai',
      currency: 'aed',
      language: 'en',
      status: 'approved',
      isWidgetsCreationAllowed: 1,
      isCreditCardTopupAllowed: 1,
      // the reseller API (issue 30): its admin sees the API page and can make keys
      isApiAllowed: 1,
    });
    const volga = await insertAgency(tx, {
      siteId: 'ru',
      name: 'Volga Tours',
      tradeLicenseNumber: 'OGRN-1187746512345',
      tradeLicenseExpiry: '2028-06-30',
      trnNumber: '',
      address: 'Ulitsa Tverskaya 12, Moscow',
      country: 'Russia',
      city: 'Moscow',
      currency: 'usd',
      language: 'ru',
      status: 'approved',
      isWidgetsCreationAllowed: 1,
      isCreditCardTopupAllowed: 1,
    });
    const people = [
      {
        agencyId: desertRose.id,
        name: 'Layla Haddad',
        role: 'admin' as const,
        jobTitle: 'Managing Director',
        phone: '+971 50 123 4501',
      },
      {
        agencyId: desertRose.id,
        name: 'Omar Farouk',
        role: 'senior' as const,
        jobTitle: 'Senior Travel Consultant',
        phone: '+971 50 123 4502',
      },
      {
        agencyId: desertRose.id,
        name: 'Priya Nair',
        role: 'junior' as const,
        jobTitle: 'Reservations Agent',
        phone: '+971 50 123 4503',
      },
      {
        agencyId: volga.id,
        name: 'Anna Sokolova',
        role: 'admin' as const,
        jobTitle: 'Director',
        phone: '+7 495 123 4567',
      },
      {
        agencyId: null,
        name: 'Operations Desk',
        role: 'operator' as const,
        jobTitle: 'Operations',
        phone: '+971 4 555 0100',
      },
    ];
    for (const [i, person] of people.entries()) {
      const account = DEMO_ACCOUNTS[i];
      if (!account) continue;
      await insertUser(tx, { ...person, email: account.email, passwordHash: hash(i) });
    }
    // Opening deposit of 25,000 AED, as a ledger entry with the balance row updated in the same transaction.
    await postLedgerEntry(tx, {
      agencyId: desertRose.id,
      currency: 'aed',
      amountMinor: 2_500_000,
      kind: 'deposit',
      description: 'Opening bank deposit',
      reference: 'DEMO-OPENING',
    });
  });
  return true;
}

export function demoAccountsTable(): string {
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(26)} ${a.role.padEnd(9)} ${a.agency}`);
  return ['Demo accounts (password: ' + DEMO_PASSWORD + '):', ...lines].join('\n');
}
