import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { agencies, mailOutbox } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, createAgency, createOperator, loginAs } from '../../../test/factories.ts';

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  operatorToken = await loginAs(t.app, (await createOperator(t.database.db)).email);
});
afterAll(async () => {
  await t.close();
});

const approve = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/agencies/${id}/approve`, headers: bearer(operatorToken) });

const statusOf = async (id: string) =>
  (await t.database.db.select({ status: agencies.status }).from(agencies).where(eq(agencies.id, id)))[0]?.status;

const mailsTo = (emails: string[]) =>
  t.database.db
    .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(inArray(mailOutbox.toAddress, emails));

describe("approving an agency e-mails its admins, once (issue 9: they learnt it only at 'Book and pay')", () => {
  it('sends the admin, in the agency language and under its own site, one e-mail that booking is open', async () => {
    const agency = await createAgency(t.database.db, { status: 'pending', siteId: 'ru', language: 'ru' });
    const everyone = Object.values(agency.users).map((u) => u.email);
    expect(await mailsTo(everyone)).toEqual([]);

    expect([(await approve(agency.id)).statusCode, await statusOf(agency.id)]).toEqual([200, 'approved']);
    const mails = await mailsTo(everyone);
    expect(mails.map((m) => m.to)).toEqual([agency.users.admin.email]);
    const [agencyRow] = await t.database.db.select().from(agencies).where(eq(agencies.id, agency.id));
    expect(mails[0]?.subject).toBe(`Golden Falcon B2B Russia: агентство «${agencyRow?.name}» одобрено`);
    expect(mails[0]?.text).toContain('теперь вы можете бронировать туры по ценам нетто');
    expect(mails[0]?.text).toContain('http://ru.localhost');

    // approving again answers ok and announces nothing more
    expect((await approve(agency.id)).json()).toEqual({ ok: true });
    expect(await mailsTo(everyone)).toHaveLength(1);
  });

  it('in English for an English agency; operators racing to approve send one e-mail', async () => {
    const agency = await createAgency(t.database.db, { status: 'pending' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => approve(agency.id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const mails = await mailsTo([agency.users.admin.email]);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Golden Falcon B2B: Agency [0-9a-f]{8} is approved$/);
    expect(mails[0]?.text).toContain('you can now book tours at your net rates');
  });

  it('a suspended agency cannot be approved: 422 on the id, status and mailbox unchanged', async () => {
    const agency = await createAgency(t.database.db, { status: 'suspended' });
    const res = await approve(agency.id);
    expect([res.statusCode, res.json()]).toEqual([
      422,
      [{ fieldName: 'id', errorMessage: 'Agency is suspended and cannot be approved' }],
    ]);
    expect(await statusOf(agency.id)).toBe('suspended');
    expect(await mailsTo([agency.users.admin.email])).toEqual([]);
  });
});
