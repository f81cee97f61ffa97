import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { bookingRoutes } from '@portal/contract';
import { lowBalanceAlerts, mailOutbox } from '../../db/schema/index.ts';
import { createAgency, loginAs } from '../../../test/factories.ts';
import { bookingBody, fund, postBooking, bookingSuite } from '../../../test/booking-fixtures.ts';
import { lowBalanceStage, sendLowBalanceAlerts } from './low-balance.service.ts';
import { injectRoute } from '../../../test/inject-route.ts';

// the world's own agency has no money: each test opens an agency of its own
const { t, w } = bookingSuite({}, { balanceMinor: 0 });

// the alerts among the mails to these addresses (booking confirmations go to the admin who booked too)
async function mailsTo(emails: string[]) {
  const mails = await t.database.db
    .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(inArray(mailOutbox.toAddress, emails))
    .orderBy(mailOutbox.createdAt);
  return mails.filter((m) => m.subject.endsWith(' %'));
}

const runJob = () => sendLowBalanceAlerts(t.app.deps);

describe('low-balance alerts', () => {
  it('the rule: below 40 % then below 20 % of what the last top-up left available', () => {
    expect(lowBalanceStage(40_000, 100_000)).toBe(0);
    expect(lowBalanceStage(39_999, 100_000)).toBe(1);
    expect(lowBalanceStage(20_000, 100_000)).toBe(1);
    expect(lowBalanceStage(19_999, 100_000)).toBe(2);
    expect(lowBalanceStage(-5_000, 100_000)).toBe(2);
    expect(lowBalanceStage(0, null)).toBe(0);
    expect(lowBalanceStage(0, 0)).toBe(0);
  });

  it('mails the admins once per crossing, in their language; the balance call says so; a top-up starts again', async () => {
    const agency = await createAgency(t.database.db, { language: 'ru' });
    const token = await loginAs(t.app, agency.users.admin.email);
    const seniorEmail = agency.users.senior.email;
    const adminEmail = agency.users.admin.email;
    await fund(t.database.db, agency.id, 120_000);
    const balance = async () => (await injectRoute(t.app, bookingRoutes.balance, { token })).json();
    // the tour takes at least 2 people: 2 adults 288, an adult and a child 254
    const book = async (adults: number) => {
      const res = await postBooking(t.app, token, bookingBody(w, { adults, children: 2 - adults }));
      expect(res.statusCode, res.body).toBe(200);
    };

    await book(2); // 1,200 − 288 = 912: 76 %
    await book(2); // 624: 52 %
    expect(await runJob()).toBe(0);
    expect((await balance()).lowBalance).toBe(null);

    await book(1); // 370: 30.8 % — below 40 %
    expect(await runJob()).toBe(1);
    expect(await runJob()).toBe(0);
    let mails = await mailsTo([adminEmail, seniorEmail]);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(adminEmail);
    expect(mails[0]?.subject).toContain('меньше 40 %');
    expect(mails[0]?.text).toContain('370,00\u00A0AED');
    expect(mails[0]?.text).toContain('1\u00A0200,00\u00A0AED');
    expect((await balance()).lowBalance).toEqual({ percent: 40, topUpLevel: 1200 });

    await book(1); // 116: 9.7 % — below 20 %
    await Promise.all([runJob(), runJob()]);
    mails = await mailsTo([adminEmail]);
    expect(mails.map((m) => m.subject.includes('меньше 20 %'))).toEqual([false, true]);
    expect((await balance()).lowBalance).toEqual({ percent: 20, topUpLevel: 1200 });
    expect(await runJob()).toBe(0);

    // a top-up is the new level: 616 available, nothing low, nothing mailed
    await fund(t.database.db, agency.id, 50_000);
    expect((await balance()).lowBalance).toBe(null);
    expect(await runJob()).toBe(0);
    expect(await mailsTo([adminEmail])).toHaveLength(2);
    const [alert] = await t.database.db.select().from(lowBalanceAlerts).where(eq(lowBalanceAlerts.agencyId, agency.id));
    expect(alert?.stage).toBe(2);
  });

  it('a fall from above 40 % straight below 20 % sends one mail, the 20 % one; an agency never topped up gets none', async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.admin.email);
    await fund(t.database.db, agency.id, 35_000);
    const res = await postBooking(t.app, token, bookingBody(w, { adults: 2, children: 0 })); // 350 − 288 = 62: 17.7 %
    expect(res.statusCode, res.body).toBe(200);
    await runJob();
    const mails = await mailsTo([agency.users.admin.email]);
    expect(
      mails.map((m) => m.subject),
      JSON.stringify(mails),
    ).toEqual([expect.stringContaining('below 20 %')]);

    const never = await createAgency(t.database.db);
    await runJob();
    expect(await mailsTo([never.users.admin.email])).toHaveLength(0);
  });
});
