import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  AGENCY_ADMIN_MESSAGES,
  MESSAGES,
  addDays,
  adminRoutes,
  authRoutes,
  balanceRoutes,
  catalogueRoutes,
  type AgencyAdjustmentBody,
  type AgencySettingsBody,
  type RouteDescriptor,
} from '@portal/contract';
import { agencies, agencyBalances, auditEvents, jobs, ledgerEntries, mailOutbox } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/build-test-app.ts';
import { bearer, createAgency, createOperator, loginAs } from '../../../test/factories.ts';
import { createTestTour } from '../../../test/catalogue-fixtures.ts';
import { dubaiDate } from '../../lib/dubai-time.ts';
import { injectRoute, routeUrl, type InjectRouteOptions } from '../../../test/inject-route.ts';

let operatorToken: string;
let operatorId: string;
const t = useTestApp();
beforeAll(async () => {
  const operator = await createOperator(t.database.db);
  operatorId = operator.id;
  operatorToken = await loginAs(t.app, operator.email);
});

const approve = (id: string) => injectRoute(t.app, adminRoutes.approveAgency, { params: { id }, token: operatorToken });

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

// the operator's call
const call = <R extends RouteDescriptor>(route: R, options: InjectRouteOptions<R> = {}) =>
  injectRoute(t.app, route, { token: operatorToken, ...options });

const auditOf = (agencyId: string) =>
  t.database.db
    .select({ action: auditEvents.action, actor: auditEvents.actorUserId, changes: auditEvents.changes })
    .from(auditEvents)
    .where(eq(auditEvents.agencyId, agencyId))
    .orderBy(auditEvents.id);

const accountOf = async (agencyId: string) => {
  const [row] = await t.database.db
    .select({ balance: agencyBalances.balanceMinor, limit: agencyBalances.creditLimitMinor })
    .from(agencyBalances)
    .where(and(eq(agencyBalances.agencyId, agencyId), eq(agencyBalances.currency, 'aed')));
  return row ?? null;
};

describe('rejecting a sign-up (issue 12)', () => {
  it('rejects with the reason: status, one audit row, the admin e-mailed the reason, logins refused', async () => {
    const agency = await createAgency(t.database.db, { status: 'pending' });
    const reason = 'The trade licence copy is unreadable';
    const res = await call(adminRoutes.rejectAgency, { params: { id: agency.id }, body: { reason } });
    expect([res.statusCode, await statusOf(agency.id)]).toEqual([200, 'rejected']);
    const [row] = await t.database.db.select().from(agencies).where(eq(agencies.id, agency.id));
    expect(row?.statusReason).toBe(reason);
    expect(await auditOf(agency.id)).toEqual([
      {
        action: 'agency.rejected',
        actor: operatorId,
        changes: [
          { field: 'status', from: 'pending', to: 'rejected' },
          { field: 'statusReason', from: null, to: reason },
        ],
      },
    ]);
    const mails = await mailsTo([agency.users.admin.email]);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/was not approved$/);
    expect(mails[0]?.text).toContain(`Reason: ${reason}`);
    // the agency's users can no longer log in, and a session they had ends
    const login = await injectRoute(t.app, authRoutes.login, {
      body: { email: agency.users.admin.email, password: 'Test-password-2026' },
    });
    expect(login.statusCode).toBe(422);
    // rejecting again is answered ok and changes nothing more
    expect(
      (await call(adminRoutes.rejectAgency, { params: { id: agency.id }, body: { reason: 'again' } })).statusCode,
    ).toBe(200);
    expect(await auditOf(agency.id)).toHaveLength(1);
    expect(await mailsTo([agency.users.admin.email])).toHaveLength(1);
  });

  it('a reason is required, and only a pending agency can be rejected: 422, nothing written', async () => {
    const pending = await createAgency(t.database.db, { status: 'pending' });
    for (const payload of [{}, { reason: '   ' }, { reason: 'x', extra: 1 }]) {
      const res = await call(adminRoutes.rejectAgency, { params: { id: pending.id }, payload });
      expect(res.statusCode).toBe(422);
    }
    expect(
      (await call(adminRoutes.rejectAgency, { params: { id: pending.id }, body: { reason: ' ' } })).json(),
    ).toEqual([{ fieldName: 'reason', errorMessage: AGENCY_ADMIN_MESSAGES.reasonRequired }]);
    const approved = await createAgency(t.database.db);
    const res = await call(adminRoutes.rejectAgency, { params: { id: approved.id }, body: { reason: 'late' } });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      [{ fieldName: 'id', errorMessage: AGENCY_ADMIN_MESSAGES.notPending }],
    ]);
    expect([await statusOf(pending.id), await statusOf(approved.id)]).toEqual(['pending', 'approved']);
    expect([...(await auditOf(pending.id)), ...(await auditOf(approved.id))]).toEqual([]);
    expect(
      (
        await call(adminRoutes.rejectAgency, {
          params: { id: '00000000-0000-4000-8000-000000000000' },
          body: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('suspending and reinstating (issue 12)', () => {
  it("ends the agency's sessions at once, with a reason e-mailed; reinstating lets them back", async () => {
    const agency = await createAgency(t.database.db);
    const token = await loginAs(t.app, agency.users.senior.email);
    const me = () => injectRoute(t.app, authRoutes.me, { token });
    expect((await me()).statusCode).toBe(200);

    expect(
      (await call(adminRoutes.suspendAgency, { params: { id: agency.id }, body: { reason: 'Unpaid invoices' } }))
        .statusCode,
    ).toBe(200);
    const refused = await me();
    expect([refused.statusCode, refused.body]).toEqual([401, MESSAGES.agencySuspended]);
    expect((await mailsTo([agency.users.admin.email]))[0]?.text).toContain('Reason: Unpaid invoices');

    expect(
      (await call(adminRoutes.suspendAgency, { params: { id: agency.id }, body: { reason: 'x' } })).statusCode,
    ).toBe(200);
    expect((await call(adminRoutes.reinstateAgency, { params: { id: agency.id } })).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    expect((await auditOf(agency.id)).map((a) => a.action)).toEqual(['agency.suspended', 'agency.reinstated']);

    const again = await call(adminRoutes.reinstateAgency, { params: { id: agency.id } });
    expect(again.statusCode).toBe(200);
    const pending = await createAgency(t.database.db, { status: 'pending' });
    expect(
      (await call(adminRoutes.suspendAgency, { params: { id: pending.id }, body: { reason: 'x' } })).json(),
    ).toEqual([{ fieldName: 'id', errorMessage: AGENCY_ADMIN_MESSAGES.notApproved }]);
    expect((await call(adminRoutes.reinstateAgency, { params: { id: pending.id } })).json()).toEqual([
      { fieldName: 'id', errorMessage: AGENCY_ADMIN_MESSAGES.notSuspended },
    ]);
    expect(await statusOf(pending.id)).toBe('pending');
  });
});

describe('account settings (issue 12)', () => {
  const settings = (over: Partial<AgencySettingsBody> = {}): AgencySettingsBody => ({
    siteId: 'general',
    currency: 'aed',
    creditLimit: 0,
    isWidgetsCreationAllowed: false,
    isCreditCardTopupAllowed: true,
    ...over,
  });

  it('sets the credit limit and permissions with one audit row; saving the same again writes nothing', async () => {
    const agency = await createAgency(t.database.db);
    const res = await call(adminRoutes.agencySettings, {
      params: { id: agency.id },
      body: settings({ creditLimit: 5000.5, isWidgetsCreationAllowed: true }),
    });
    expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
    expect(res.json()).toMatchObject({ creditLimit: 5000.5, available: 5000.5, isWidgetsCreationAllowed: true });
    expect(await accountOf(agency.id)).toEqual({ balance: 0, limit: 500050 });
    expect(await auditOf(agency.id)).toEqual([
      {
        action: 'agency.settingsChanged',
        actor: operatorId,
        changes: [
          { field: 'creditLimit', from: '0.00', to: '5000.50' },
          { field: 'isWidgetsCreationAllowed', from: 'false', to: 'true' },
        ],
      },
    ]);
    await call(adminRoutes.agencySettings, {
      params: { id: agency.id },
      body: settings({ creditLimit: 5000.5, isWidgetsCreationAllowed: true }),
    });
    expect(await auditOf(agency.id)).toHaveLength(1);
  });

  it('refuses a limit below what the agency owes, a currency change once there are entries, an unknown site', async () => {
    const agency = await createAgency(t.database.db);
    await call(adminRoutes.agencySettings, { params: { id: agency.id }, body: settings({ creditLimit: 1000 }) });
    const debit = await call(adminRoutes.adjustBalance, {
      params: { id: agency.id },
      body: { direction: 'debit', amount: 600, reason: 'Manual correction' },
      idempotencyKey: `adj-${agency.id}`,
    });
    expect(debit.statusCode).toBe(200);
    const cases: [AgencySettingsBody, string, string][] = [
      [
        settings({ creditLimit: 500 }),
        'creditLimit',
        'The credit limit cannot be lower than what the agency owes now (600.00 AED)',
      ],
      [settings({ creditLimit: 1000, currency: 'usd' }), 'currency', AGENCY_ADMIN_MESSAGES.currencyLocked],
      [settings({ creditLimit: 1000, siteId: 'nowhere' }), 'siteId', AGENCY_ADMIN_MESSAGES.unknownSite],
      [settings({ creditLimit: -1 }), 'creditLimit', AGENCY_ADMIN_MESSAGES.creditLimitAmount],
      [settings({ creditLimit: 1.005 }), 'creditLimit', AGENCY_ADMIN_MESSAGES.creditLimitAmount],
    ];
    const auditBefore = (await auditOf(agency.id)).length;
    for (const [body, field, message] of cases) {
      const res = await call(adminRoutes.agencySettings, { params: { id: agency.id }, body });
      expect([res.statusCode, res.json()]).toEqual([422, [{ fieldName: field, errorMessage: message }]]);
    }
    expect(await accountOf(agency.id)).toEqual({ balance: -60000, limit: 100000 });
    expect(await auditOf(agency.id)).toHaveLength(auditBefore);
  });
  it('keeps the currency once a transfer is declared, before anything is credited', async () => {
    const agency = await createAgency(t.database.db, { status: 'approved' });
    const token = await loginAs(t.app, agency.users.admin.email);
    const detail = async () => (await call(adminRoutes.agency, { params: { id: agency.id } })).json();
    expect((await detail()).isCurrencyFixed).toBe(false);
    const declared = await injectRoute(t.app, balanceRoutes.topUp, {
      body: {
        method: 'bank_transfer',
        amount: 500,
        currencyCode: 'aed',
        transferDate: '2026-01-05',
        bankReference: 'FT1',
      },
      token,
      idempotencyKey: `transfer-${agency.id}`,
    });
    expect(declared.statusCode, declared.body).toBe(200);
    // confirmed after a switch, the transfer would be credited to an account in a currency no longer used
    const res = await call(adminRoutes.agencySettings, {
      params: { id: agency.id },
      body: settings({ currency: 'usd' }),
    });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      [{ fieldName: 'currency', errorMessage: AGENCY_ADMIN_MESSAGES.currencyLocked }],
    ]);
    expect(await detail()).toMatchObject({ currency: 'aed', isCurrencyFixed: true });
    const [row] = await t.database.db.select().from(agencies).where(eq(agencies.id, agency.id));
    expect(row?.currency).toBe('aed');
    expect(await auditOf(agency.id)).toHaveLength(0);
  });
});

describe('manual adjustments (issue 12)', () => {
  it('credits once per Idempotency-Key, shows on the statement with the reason, audited', async () => {
    const agency = await createAgency(t.database.db);
    const body = { direction: 'credit' as const, amount: 250.75, reason: 'Goodwill for the cancelled safari' };
    const headers = { 'idempotency-key': `adj-credit-${agency.id}` };
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(adminRoutes.adjustBalance, { params: { id: agency.id }, body, headers })),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const replay = await call(adminRoutes.adjustBalance, { params: { id: agency.id }, body, headers });
    expect(replay.json()).toEqual(ok[0]?.json());
    expect(replay.json()).toMatchObject({ currencyCode: 'aed', amount: 250.75, balanceAfter: 250.75 });

    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.agencyId, agency.id));
    expect(entries.map((e) => [e.kind, e.amountMinor, e.description])).toEqual([
      ['adjustment', 25075, 'Goodwill for the cancelled safari'],
    ]);
    expect(await accountOf(agency.id)).toEqual({ balance: 25075, limit: 0 });
    expect((await auditOf(agency.id)).map((a) => a.action)).toEqual(['agency.adjusted']);

    // the agency's admin reads it on their own statement
    const adminToken = await loginAs(t.app, agency.users.admin.email);
    const period = { from: addDays(dubaiDate(), -1), to: dubaiDate() };
    const own = await injectRoute(t.app, balanceRoutes.statement, { query: period, token: adminToken });
    expect(own.json().entries.map((e: { description: string; credit: number }) => [e.description, e.credit])).toEqual([
      ['Goodwill for the cancelled safari', 250.75],
    ]);
    const operatorView = await injectRoute(t.app, adminRoutes.agencyStatement, {
      params: { id: agency.id },
      query: period,
      token: operatorToken,
    });
    expect(operatorView.json()).toEqual(own.json());
  });

  it('refuses a debit past the credit limit and bad amounts: 422, nothing posted', async () => {
    const agency = await createAgency(t.database.db);
    const cases: [AgencyAdjustmentBody, string, string][] = [
      [{ direction: 'debit', amount: 10, reason: 'x' }, 'amount', AGENCY_ADMIN_MESSAGES.adjustmentPastCredit],
      [{ direction: 'credit', amount: 0, reason: 'x' }, 'amount', AGENCY_ADMIN_MESSAGES.adjustmentAmount],
      [{ direction: 'credit', amount: 1.001, reason: 'x' }, 'amount', AGENCY_ADMIN_MESSAGES.adjustmentAmount],
      [{ direction: 'credit', amount: 10, reason: '' }, 'reason', AGENCY_ADMIN_MESSAGES.reasonRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(adminRoutes.adjustBalance, { params: { id: agency.id }, body });
      expect([res.statusCode, res.json()]).toEqual([422, [{ fieldName: field, errorMessage: message }]]);
    }
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.agencyId, agency.id))).toEqual([]);
    expect(await auditOf(agency.id)).toEqual([]);
  });
});

describe('the agency page, the dashboard and the audit log (issue 12)', () => {
  it('shows an agency with its documents, agents and account', async () => {
    const agency = await createAgency(t.database.db, { status: 'pending' });
    const res = await call(adminRoutes.agency, { params: { id: agency.id } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: agency.id,
      status: 'pending',
      currency: 'aed',
      balance: 0,
      isCurrencyFixed: false,
    });
    expect(body.agents.map((a: { email: string }) => a.email).sort()).toEqual(
      Object.values(agency.users)
        .map((u) => u.email)
        .sort(),
    );
    expect(body.details.files.tradeLicense).toEqual({ current: null, history: [] });
    expect(body.sites.map((s: { id: string }) => s.id)).toContain('general');
    const found = await call(adminRoutes.listAgencies, { query: { q: agency.users.admin.email } });
    expect(found.json().map((a: { id: string }) => a.id)).toEqual([agency.id]);
  });

  it('counts what waits: sign-ups, failing jobs', async () => {
    const before = (await call(adminRoutes.dashboard)).json();
    await createAgency(t.database.db, { status: 'pending' });
    await t.database.db
      .insert(jobs)
      .values({ name: 'test-failing-job', consecutiveFailures: 2, lastError: 'SMTP refused' })
      .onConflictDoNothing();
    const after = (await call(adminRoutes.dashboard)).json();
    expect(after.pendingAgencies).toBe(before.pendingAgencies + 1);
    expect(after.failedJobs).toContainEqual(
      expect.objectContaining({ job: 'test-failing-job', failures: 2, lastError: 'SMTP refused' }),
    );
    await t.database.db.delete(jobs).where(eq(jobs.name, 'test-failing-job'));
  });

  it('filters the audit log by agency, object and operator', async () => {
    const agency = await createAgency(t.database.db, { status: 'pending' });
    await approve(agency.id);
    const byAgency = (await call(adminRoutes.auditLog, { query: { agencyId: agency.id } })).json();
    expect(
      byAgency.items.map((i: { action: string; entity: string; actorUserId: string }) => [
        i.action,
        i.entity,
        i.actorUserId,
      ]),
    ).toEqual([['agency.approved', 'agency', operatorId]]);
    const byOperator = (
      await call(adminRoutes.auditLog, { query: { actorId: operatorId, entity: 'agency', entityId: agency.id } })
    ).json();
    expect(byOperator.total).toBe(1);
    // an entity no schema allows, typed by hand
    const spaceship = await t.app.inject({
      method: 'GET',
      url: `${routeUrl(adminRoutes.auditLog)}?entity=spaceship`,
      headers: bearer(operatorToken),
    });
    expect(spaceship.statusCode).toBe(422);
  });
});

describe('an agency waiting for approval sees no net rates (issue 12 rule)', () => {
  it('net prices are null until approved; the booking is refused with the message', async () => {
    const tour = await createTestTour(t.database.db);
    const pending = await createAgency(t.database.db, { status: 'pending' });
    const approvedAgency = await createAgency(t.database.db);
    const netOf = async (email: string) => {
      const token = await loginAs(t.app, email);
      const res = await injectRoute(t.app, catalogueRoutes.tour, { params: { id: String(tour.id) }, token });
      expect(res.statusCode).toBe(200);
      return JSON.stringify(res.json()).includes('"net":null');
    };
    expect(await netOf(pending.users.admin.email)).toBe(true);
    expect(await netOf(approvedAgency.users.admin.email)).toBe(false);
    await tour.remove();
  });
});
