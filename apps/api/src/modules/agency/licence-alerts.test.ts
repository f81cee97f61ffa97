import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { agencyRoutes } from '@portal/contract';
import type { AgencyDetails, AgencyDetailsBody } from '@portal/contract';
import { addDays, formatDisplayDate } from '@portal/contract/plain';
import { agencies, mailOutbox } from '../../db/schema/index.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { insertUser } from '../account/account.repo.ts';
import { useTestApp } from '../../../test/build-test-app.ts';
import { createAgency, loginAs, uniqueEmail, type TestAgency } from '../../../test/factories.ts';
import { sendLicenceAlerts } from './licence-alerts.service.ts';
import { injectRoute } from '../../../test/inject-route.ts';

// The job reads every agency: on PostgreSQL this suite has a database of its own, so what it counts is its own.
const t = useTestApp({}, { ownDatabase: 'licence_alerts' });

const today = dubaiDate();
const runJob = () => sendLicenceAlerts(t.app.deps);

async function agencyExpiring(
  expiry: string,
  options: { language?: 'en' | 'ru'; status?: 'pending' | 'approved' } = {},
): Promise<TestAgency> {
  const agency = await createAgency(t.database.db, options);
  await t.database.db.update(agencies).set({ tradeLicenseExpiry: expiry }).where(eq(agencies.id, agency.id));
  return agency;
}

async function mailsTo(emails: string[]) {
  return t.database.db
    .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(inArray(mailOutbox.toAddress, emails))
    .orderBy(mailOutbox.createdAt);
}

const everyone = (agency: TestAgency) => Object.values(agency.users).map((user) => user.email);

async function warnedFor(agencyId: string): Promise<string | null> {
  const [row] = await t.database.db
    .select({ warnedFor: agencies.licenceWarnedFor })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  return row?.warnedFor ?? null;
}

describe('licence-alerts job', () => {
  it("mails each admin once, in the agency's language, when the licence comes within 30 days", async () => {
    const expiring = await agencyExpiring(addDays(today, 20), { language: 'ru' });
    const secondAdmin = uniqueEmail('admin2');
    await insertUser(t.database.db, {
      agencyId: expiring.id,
      email: secondAdmin,
      name: 'Second admin',
      role: 'admin',
      passwordHash: 'x',
    });
    const later = await agencyExpiring(addDays(today, 31));
    const expired = await agencyExpiring(addDays(today, -1));
    const pending = await agencyExpiring(addDays(today, 5), { status: 'pending' });
    const lastDay = await agencyExpiring(today);

    expect(await runJob()).toBe(2);
    const mails = await mailsTo([...everyone(expiring), secondAdmin]);
    expect(mails.map((mail) => mail.to).sort()).toEqual([expiring.users.admin.email, secondAdmin].sort());
    for (const mail of mails) {
      expect(mail.subject).toContain('торговая лицензия');
      expect(mail.text).toContain('№ TL-1');
      expect(mail.text).toContain(formatDisplayDate(addDays(today, 20), 'ru'));
      expect(mail.text).toContain('осталось дней: 20');
      expect(mail.text).toContain('/my-agencies');
    }
    const [lastDayMail] = await mailsTo(everyone(lastDay));
    expect(lastDayMail?.subject).toContain(`expires on ${formatDisplayDate(today, 'en')}`);
    expect(lastDayMail?.text).toContain('0 days left');
    expect(await mailsTo([...everyone(later), ...everyone(expired), ...everyone(pending)])).toEqual([]);
    expect(await warnedFor(expiring.id)).toBe(addDays(today, 20));

    expect(await runJob()).toBe(0);
    expect(await mailsTo([...everyone(expiring), secondAdmin])).toHaveLength(2);
  });

  it('two overlapping runs send once', async () => {
    const agency = await agencyExpiring(addDays(today, 5));
    const results = await Promise.all([runJob(), runJob(), runJob()]);
    expect(results.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await mailsTo(everyone(agency))).toHaveLength(1);
  });

  it('warns again for a renewed expiry date saved through the form, once it comes within 30 days', async () => {
    const agency = await agencyExpiring(addDays(today, 3));
    expect(await runJob()).toBe(1);
    const token = await loginAs(t.app, agency.users.admin.email);
    const current = (await injectRoute(t.app, agencyRoutes.get, { token })).json<AgencyDetails>();
    const save = async (expiry: string) => {
      const body: AgencyDetailsBody = {
        companyName: current.companyName,
        tradeLicenseNumber: 'TL-2',
        tradeLicenseExpiry: expiry,
        address: current.address,
        country: current.country,
        city: current.city,
      };
      const res = await injectRoute(t.app, agencyRoutes.update, { body, token });
      expect(res.statusCode, res.body).toBe(200);
    };

    // renewed for a year: nothing to say yet
    await save(addDays(today, 365));
    expect(await warnedFor(agency.id)).toBe(null);
    expect(await runJob()).toBe(0);
    // the new date comes within 30 days (saved as such here: the clock cannot move): its own e-mail, once
    await save(addDays(today, 25));
    expect(await runJob()).toBe(1);
    expect(await runJob()).toBe(0);
    const mails = await mailsTo(everyone(agency));
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('TL-2');
    expect(mails[1]?.text).toContain(formatDisplayDate(addDays(today, 25), 'en'));
    // saving other fields keeps the warning of the same date
    await save(addDays(today, 25));
    expect(await warnedFor(agency.id)).toBe(addDays(today, 25));
  });
});
