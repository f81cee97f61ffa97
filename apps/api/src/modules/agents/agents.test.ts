import { describe, expect, it } from 'vitest';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  AGENT_ROLES,
  COMPANY_MESSAGES,
  INVITATIONS_PER_ADMIN_PER_HOUR,
  MESSAGES,
  agentRoutes,
  authRoutes,
  can,
  type Agent,
  type AgentListQuery,
  type AgentListResponse,
  type AuditListResponse,
  type Role,
  type RouteDescriptor,
} from '@portal/contract';
import { agentMonthSpend, auditEvents, mailOutbox, passwordResets, users } from '../../db/schema/index.ts';
import { dubaiMonth } from '../../lib/dubai-time.ts';
import { useTestApp } from '../../../test/build-test-app.ts';
import {
  bearer,
  createAgency,
  createOperator,
  loginAs,
  passwordResetAnswered,
  randomIp,
  TEST_PASSWORD,
  uniqueEmail,
  type TestAgency,
} from '../../../test/factories.ts';
import { injectRoute, routeUrl, type InjectRouteOptions } from '../../../test/inject-route.ts';

const t = useTestApp();

const NEW_PASSWORD = 'Agent-own-password-2026';
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

// null: no token (anonymous)
const call = <R extends RouteDescriptor>(token: string | null, route: R, options: InjectRouteOptions<R> = {}) =>
  injectRoute(t.app, route, { ...options, token: token ?? undefined });

const agentBody = (over: Record<string, unknown> = {}) => ({
  name: 'Omar Saleh',
  email: uniqueEmail('omar'),
  phone: '+971 50 765 4321',
  role: 'senior' as const,
  jobTitle: 'Reservations',
  monthlyCap: null,
  ...over,
});
const editBody = (agent: Pick<Agent, 'name' | 'phone' | 'role' | 'jobTitle' | 'monthlyCap'>, over = {}) => ({
  name: agent.name,
  phone: agent.phone,
  role: agent.role,
  jobTitle: agent.jobTitle,
  monthlyCap: agent.monthlyCap,
  ...over,
});

async function agencyWithAdmin(): Promise<{ agency: TestAgency; token: string }> {
  const agency = await createAgency(t.database.db);
  return { agency, token: await loginAs(t.app, agency.users.admin.email) };
}

async function createAgent(token: string, over: Record<string, unknown> = {}): Promise<Agent> {
  const res = await call(token, agentRoutes.create, { body: agentBody(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Agent>();
}

async function inviteTokens(email: string): Promise<string[]> {
  const mails = await t.database.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.createdAt));
  return mails.flatMap((m) => {
    const token = /\/reset-password\?token=([\w-]+)&invite=1/.exec(m.text)?.[1];
    return token ? [token] : [];
  });
}

const setPassword = (token: string, password = NEW_PASSWORD) =>
  injectRoute(t.app, authRoutes.resetPassword, { body: { token, password, confirmPassword: password } });
const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: routeUrl(authRoutes.login),
    payload: { email, password },
    remoteAddress: randomIp(),
  });

async function acceptInvite(agent: Agent): Promise<string> {
  const [token] = await inviteTokens(agent.email);
  expect((await setPassword(token ?? '')).statusCode).toBe(200);
  return loginAs(t.app, agent.email, NEW_PASSWORD);
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function history(token: string): Promise<AuditListResponse> {
  const res = await call(token, agentRoutes.history, { query: { onPage: 100 } });
  expect(res.statusCode).toBe(200);
  return res.json<AuditListResponse>();
}

async function auditCount(agencyId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.agencyId, agencyId));
  return row?.n ?? 0;
}

const ID_ROUTES = [agentRoutes.update, agentRoutes.remove, agentRoutes.restore, agentRoutes.invite];
const payloadFor = (route: { method: string }) =>
  route.method === 'PUT'
    ? editBody({ name: 'Other Name', phone: '+971500000001', role: 'admin', jobTitle: '', monthlyCap: 5 })
    : undefined;

describe('access to every agents route follows the role matrix (manageUsers)', () => {
  const callers: (Role | 'anonymous')[] = [...AGENT_ROLES, 'operator', 'anonymous'];
  const routes = Object.values(agentRoutes);

  it.each(callers)('%s', async (caller) => {
    const { agency } = await agencyWithAdmin();
    const target = agency.users.junior.id;
    const token =
      caller === 'anonymous'
        ? null
        : await loginAs(
            t.app,
            caller === 'operator' ? (await createOperator(t.database.db)).email : agency.users[caller].email,
          );
    const isAllowed = caller !== 'anonymous' && caller !== 'operator' && can(caller, 'manageUsers');
    for (const route of routes) {
      const body = route.method === 'POST' && !route.path.includes('{id}') ? agentBody() : payloadFor(route);
      const res = await call(token, route, { params: { id: target }, payload: body });
      if (isAllowed) expect([401, 403, 500]).not.toContain(res.statusCode);
      else
        expect([route.method, route.path, res.statusCode]).toEqual([
          route.method,
          route.path,
          caller === 'anonymous' ? 401 : 403,
        ]);
    }
    if (!isAllowed) expect(await userRow(target)).toMatchObject({ status: 'normal', role: 'junior' });
  });
});

describe("another agency's agent, an operator or an id that is no uuid is not found", () => {
  it.each(ID_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const { token } = await agencyWithAdmin();
    const them = await createAgency(t.database.db);
    const operator = await createOperator(t.database.db);
    for (const id of [them.users.admin.id, them.users.junior.id, operator.id, 'not-a-uuid', '42']) {
      const res = await call(token, route, { params: { id }, payload: payloadFor(route) });
      expect([id, res.statusCode, res.body]).toEqual([id, 404, COMPANY_MESSAGES.unknownAgent]);
    }
    expect(await userRow(them.users.admin.id)).toMatchObject({ status: 'normal', role: 'admin', name: 'Test admin' });
    expect(await userRow(them.users.junior.id)).toMatchObject({ status: 'normal', role: 'junior' });
    expect(await auditCount(them.id)).toBe(0);
  });
});

describe('GET /api/b2b/agents', () => {
  it("lists the agency's own users only, by name, with search, status filter, pages, spend and invitation", async () => {
    const { agency, token } = await agencyWithAdmin();
    const other = await createAgency(t.database.db);
    const zed = await createAgent(token, {
      name: 'Zed Under',
      email: uniqueEmail('under_score'),
      phone: '+971 4 100 2000',
    });
    const amy = await createAgent(token, { name: 'Amy Percent', monthlyCap: 1500.5 });
    await t.database.db.insert(agentMonthSpend).values({ userId: amy.id, month: dubaiMonth(), spentMinor: 12_345 });
    await t.database.db.insert(agentMonthSpend).values({ userId: amy.id, month: '2001-01', spentMinor: 99_999 });

    const all = (await call(token, agentRoutes.list)).json<AgentListResponse>();
    expect(all.total).toBe(5);
    expect(all.items.map((a) => a.name)).toEqual([
      'Amy Percent',
      'Test admin',
      'Test junior',
      'Test senior',
      'Zed Under',
    ]);
    expect(all.items.some((a) => a.email === other.users.admin.email)).toBe(false);
    const amyView = all.items.find((a) => a.id === amy.id);
    expect(amyView).toMatchObject({
      monthlyCap: 1500.5,
      spentThisMonth: 123.45,
      currencyCode: 'aed',
      status: 'emailNotVerified',
    });
    expect(Date.parse(amyView?.inviteExpiresAt ?? '') - Date.now()).toBeGreaterThan(71 * 3600_000);
    expect(all.items.find((a) => a.id === agency.users.admin.id)).toMatchObject({
      isSelf: true,
      inviteExpiresAt: null,
      spentThisMonth: 0,
    });
    expect(all.items.filter((a) => a.isSelf)).toHaveLength(1);

    const search = async (q: string) =>
      (await call(token, agentRoutes.list, { query: { search: q } }))
        .json<AgentListResponse>()
        .items.map((a) => a.name);
    expect(await search('PERCENT')).toEqual(['Amy Percent']);
    expect(await search('under_score')).toEqual(['Zed Under']);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual(['Zed Under']);
    expect(await search('4 100')).toEqual(['Zed Under']);

    const byStatus = async (status: AgentListQuery['status']) =>
      (await call(token, agentRoutes.list, { query: { status } })).json<AgentListResponse>().items.map((a) => a.id);
    expect(new Set(await byStatus('emailNotVerified'))).toEqual(new Set([zed.id, amy.id]));
    expect(await byStatus('deleted')).toEqual([]);
    expect(await byStatus('normal')).toHaveLength(3);

    const page2 = (await call(token, agentRoutes.list, { query: { page: 2, onPage: 2 } })).json<AgentListResponse>();
    expect([page2.total, page2.page, page2.items.map((a) => a.name)]).toEqual([5, 2, ['Test junior', 'Test senior']]);

    // a status no schema allows, typed by hand
    const bad = await t.app.inject({
      method: 'GET',
      url: `${routeUrl(agentRoutes.list)}?status=gone&onPage=0`,
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json<{ fieldName: string }[]>()
        .map((i) => i.fieldName)
        .sort(),
    ).toEqual(['onPage', 'status']);
  });
});

describe('POST /api/b2b/agents', () => {
  it('creates an agent who has not set a password, with an invitation link by e-mail and an audit entry', async () => {
    const { agency, token } = await agencyWithAdmin();
    const body = agentBody({ email: `  New.Agent-${Date.now()}@Example.test `, monthlyCap: 2500 });
    const res = await call(token, agentRoutes.create, { body });
    expect(res.statusCode).toBe(200);
    const agent = res.json<Agent>();
    const email = String(body.email).trim().toLowerCase();
    expect(agent).toMatchObject({
      email,
      name: 'Omar Saleh',
      role: 'senior',
      status: 'emailNotVerified',
      monthlyCap: 2500,
      spentThisMonth: 0,
      isSelf: false,
      lastLoginAt: null,
    });
    // SPEC §3: an agent record carries agencyId and userId
    expect([agent.agencyId, agent.userId]).toEqual([agency.id, agent.id]);
    const row = await userRow(agent.id);
    expect(row).toMatchObject({ agencyId: agency.id, monthlyCapMinor: 250_000, status: 'emailNotVerified' });
    expect(row?.passwordHash.startsWith('scrypt$')).toBe(false);
    const invites = await t.database.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, agent.id), isNull(passwordResets.usedAt)));
    expect(invites.map((r) => r.purpose)).toEqual(['invite']);
    expect(agent.inviteExpiresAt).toBe(invites[0]?.expiresAt.toISOString());
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail?.textBody).toContain('http://localhost:3000/reset-password?token=');
    expect(mail?.textBody).toContain('&invite=1');
    expect(mail?.subject).toContain(`invited to`);
    // nobody can log in before the link is used
    expect((await login(email, 'Any-password-2026')).json()).toEqual([
      { fieldName: 'password', errorMessage: MESSAGES.loginIncorrect },
    ]);

    const [entry] = (await history(token)).items;
    expect(entry).toMatchObject({ action: 'agent.created', actorName: 'Test admin', subject: `Omar Saleh <${email}>` });
    expect(entry?.changes).toEqual([
      { field: 'email', from: null, to: email },
      { field: 'name', from: null, to: 'Omar Saleh' },
      { field: 'phone', from: null, to: '+971 50 765 4321' },
      { field: 'role', from: null, to: 'senior' },
      { field: 'jobTitle', from: null, to: 'Reservations' },
      { field: 'monthlyCap', from: null, to: '2500.00' },
      { field: 'status', from: null, to: 'emailNotVerified' },
    ]);
  });

  it('writes the invitation in Russian for a Russian agency, with the link of its own site', async () => {
    const agency = await createAgency(t.database.db, { siteId: 'ru', language: 'ru', currency: 'usd' });
    const token = await loginAs(t.app, agency.users.admin.email);
    const agent = await createAgent(token);
    expect(agent.currencyCode).toBe('usd');
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, agent.email));
    expect(mail?.subject).toContain('приглашение');
    expect(mail?.textBody).toContain('http://ru.localhost:3000/reset-password?token=');
  });

  it.each([
    ['a name with digits', { name: 'Omar 2' }, 'name', MESSAGES.nameLettersOnly],
    ['a blank name', { name: '   ' }, 'name', MESSAGES.required],
    ['a bad e-mail', { email: 'omar@' }, 'email', MESSAGES.invalidEmail],
    ['a missing phone', { phone: undefined }, 'phone', MESSAGES.required],
    ['an unknown role', { role: 'operator' }, 'role', null],
    ['a negative cap', { monthlyCap: -5 }, 'monthlyCap', COMPANY_MESSAGES.capAmount],
    ['a zero cap', { monthlyCap: 0 }, 'monthlyCap', COMPANY_MESSAGES.capAmount],
    ['a fraction of a cent', { monthlyCap: 10.005 }, 'monthlyCap', COMPANY_MESSAGES.capAmount],
    ['a cap as text', { monthlyCap: '100' }, 'monthlyCap', null],
    ['an unknown key', { tokenVersion: 7 }, 'body', null],
  ])('refuses %s with a 422 on its field and writes nothing', async (_name, over, field, message) => {
    const { agency, token } = await agencyWithAdmin();
    const body = agentBody(over);
    const res = await call(token, agentRoutes.create, { payload: body });
    expect(res.statusCode).toBe(422);
    const items = res.json<{ fieldName: string; errorMessage: string }[]>();
    expect([...new Set(items.map((i) => i.fieldName))]).toEqual([field]);
    if (message) expect(items[0]?.errorMessage).toBe(message);
    const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.agencyId, agency.id));
    expect(row?.n).toBe(3);
    expect(await auditCount(agency.id)).toBe(0);
    if (typeof body.email === 'string') {
      const [mails] = await t.database.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, body.email));
      expect(mails?.n).toBe(0);
    }
  });

  it('refuses an e-mail this agency already has (in any case), also when two admins race', async () => {
    const { agency, token } = await agencyWithAdmin();
    for (const email of [agency.users.senior.email, agency.users.junior.email.toUpperCase()]) {
      const res = await call(token, agentRoutes.create, { body: agentBody({ email }) });
      expect([res.statusCode, res.json()]).toEqual([422, [{ fieldName: 'email', errorMessage: MESSAGES.emailTaken }]]);
    }
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(token, agentRoutes.create, { body: agentBody({ email }) })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    for (const r of answers.filter((a) => a.statusCode === 422))
      expect(r.json()).toEqual([{ fieldName: 'email', errorMessage: MESSAGES.emailTaken }]);
    const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.email, email));
    expect(row?.n).toBe(1);
    expect((await inviteTokens(email)).length).toBe(1);
  });

  it("answers an address with an account elsewhere like any invitation, and tells the address's owner instead", async () => {
    const { agency, token } = await agencyWithAdmin();
    const them = await createAgency(t.database.db);
    const fresh = await call(token, agentRoutes.create, { body: agentBody({ email: uniqueEmail('fresh') }) });
    const taken = await call(token, agentRoutes.create, {
      body: agentBody({ email: them.users.junior.email.toUpperCase() }),
    });
    // the same status, the same shape, the same fields set: nothing tells the two apart
    expect([fresh.statusCode, taken.statusCode]).toEqual([200, 200]);
    const shape = (agent: Agent) =>
      Object.fromEntries(Object.entries(agent).map(([key, value]) => [key, value === null ? null : typeof value]));
    expect(shape(taken.json<Agent>())).toEqual(shape(fresh.json<Agent>()));
    const invited = taken.json<Agent>();
    expect(invited).toMatchObject({
      agencyId: agency.id,
      email: them.users.junior.email,
      status: 'emailNotVerified',
      isSelf: false,
    });
    expect(Date.parse(invited.inviteExpiresAt ?? '') - Date.now()).toBeGreaterThan(71 * 3600_000);
    // listed, edited, deleted and restored like any invitation
    const listed = (await call(token, agentRoutes.list)).json<AgentListResponse>();
    expect(listed.items.map((a) => a.id)).toContain(invited.id);
    // the owner is told by e-mail, with no link to use; their own account is as it was
    const mails = await t.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, them.users.junior.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('an invitation to');
    expect(mails[0]?.text).toContain('You already have an account with this address');
    expect(mails[0]?.text).not.toContain('reset-password');
    expect((await login(them.users.junior.email, TEST_PASSWORD)).statusCode).toBe(200);
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, them.users.junior.id));
    expect(owner).toMatchObject({ agencyId: them.id, status: 'normal', existingAccountId: null });
    // the invitation can never log in or get a password: forgot-password mails the owner's own account's link
    const forgot = await injectRoute(t.app, authRoutes.forgotPassword, { body: { email: them.users.junior.email } });
    expect(forgot.statusCode).toBe(200);
    await passwordResetAnswered(t.database.db, them.users.junior.email);
    const resets = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, invited.id));
    expect(resets.every((r) => r.purpose === 'invite')).toBe(true);
    // sent again: the owner is told again, still with no link
    expect((await call(token, agentRoutes.invite, { params: { id: invited.id } })).statusCode).toBe(200);
    expect(await inviteTokens(them.users.junior.email)).toEqual([]);
    // the same address twice in one agency is this agency's own business: refused on its field
    const again = await call(token, agentRoutes.create, { body: agentBody({ email: them.users.junior.email }) });
    expect(again.json()).toEqual([{ fieldName: 'email', errorMessage: MESSAGES.emailTaken }]);
  });

  it(`limits one admin to ${INVITATIONS_PER_ADMIN_PER_HOUR} invitations an hour, and a refused one writes nothing`, async () => {
    const { agency, token } = await agencyWithAdmin();
    for (let i = 0; i < INVITATIONS_PER_ADMIN_PER_HOUR; i++) await createAgent(token, { email: uniqueEmail('burst') });
    const before = (await call(token, agentRoutes.list)).json<AgentListResponse>().total;
    const email = uniqueEmail('one-too-many');
    const refused = await call(token, agentRoutes.create, { body: agentBody({ email }) });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.body).toContain(COMPANY_MESSAGES.tooManyInvitations);
    expect((await call(token, agentRoutes.list)).json<AgentListResponse>().total).toBe(before);
    expect(await inviteTokens(email)).toEqual([]);
    const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.agencyId, agency.id));
    expect(row?.n).toBe(before);
  });
});

describe('the invitation: set a password, then log in', () => {
  it('activates the agent with their link (audit by themselves); the link works once; login works', async () => {
    const { agency, token } = await agencyWithAdmin();
    const agent = await createAgent(token, { role: 'junior' });
    const [link] = await inviteTokens(agent.email);
    expect((await setPassword(link ?? '')).statusCode).toBe(200);
    expect(await userRow(agent.id)).toMatchObject({ status: 'normal' });
    const again = await setPassword(link ?? '', 'Another-password-2026');
    expect(again.json()).toEqual([{ fieldName: 'token', errorMessage: MESSAGES.resetLinkInvalid }]);
    const agentToken = await loginAs(t.app, agent.email, NEW_PASSWORD);
    expect((await call(agentToken, authRoutes.me)).json()).toMatchObject({ role: 'junior' });
    const listed = (await call(token, agentRoutes.list, { query: { search: agent.email } })).json<AgentListResponse>();
    expect(listed.items[0]).toMatchObject({ status: 'normal', inviteExpiresAt: null });
    expect(listed.items[0]?.lastLoginAt).not.toBeNull();
    const [entry] = (await history(token)).items;
    expect(entry).toMatchObject({
      action: 'agent.activated',
      actorName: agent.name,
      changes: [{ field: 'status', from: 'emailNotVerified', to: 'normal' }],
    });
    // no "your password was changed" warning for a first password
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, agent.email));
    expect(mails).toHaveLength(1);
    expect(await auditCount(agency.id)).toBe(2);
  });

  it('a new invitation ends the old link; an agent who set a password gets none', async () => {
    const { token } = await agencyWithAdmin();
    const agent = await createAgent(token);
    const [first] = await inviteTokens(agent.email);
    const res = await call(token, agentRoutes.invite, { params: { id: agent.id } });
    expect(res.statusCode).toBe(200);
    const tokens = await inviteTokens(agent.email);
    expect(tokens).toHaveLength(2);
    expect((await setPassword(first ?? '')).json()).toEqual([
      { fieldName: 'token', errorMessage: MESSAGES.resetLinkInvalid },
    ]);
    expect(await userRow(agent.id)).toMatchObject({ status: 'emailNotVerified' });
    expect((await setPassword(tokens[0] ?? '')).statusCode).toBe(200);
    const refused = await call(token, agentRoutes.invite, { params: { id: agent.id } });
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      [{ fieldName: 'id', errorMessage: COMPANY_MESSAGES.alreadyVerified }],
    ]);
    expect((await history(token)).items.map((e) => e.action)).toEqual([
      'agent.activated',
      'agent.invited',
      'agent.created',
    ]);
  });

  it('the forgot-password flow still works, and also verifies an invited agent', async () => {
    const { token } = await agencyWithAdmin();
    const agent = await createAgent(token);
    const forgot = await injectRoute(t.app, authRoutes.forgotPassword, { body: { email: agent.email } });
    expect(forgot.statusCode).toBe(200);
    await passwordResetAnswered(t.database.db, agent.email);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, agent.email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    const reset = /reset-password\?token=([\w-]+)\s/.exec(mail?.textBody ?? '')?.[1];
    expect((await setPassword(reset ?? '')).statusCode).toBe(200);
    expect(await userRow(agent.id)).toMatchObject({ status: 'normal' });
    expect((await login(agent.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('DELETE /api/b2b/agents/{id} and POST …/restore', () => {
  it("ends the agent's session and logins at once; restore lets them log in again, the old token stays dead", async () => {
    const { agency, token } = await agencyWithAdmin();
    const agent = await createAgent(token);
    const agentToken = await acceptInvite(agent);
    expect((await call(agentToken, authRoutes.me)).statusCode).toBe(200);

    const res = await call(token, agentRoutes.remove, { params: { id: agent.id } });
    expect([res.statusCode, res.json<Agent>().status]).toEqual([200, 'deleted']);
    expect((await call(agentToken, authRoutes.me)).statusCode).toBe(401);
    expect((await login(agent.email, NEW_PASSWORD)).json()).toEqual([
      { fieldName: 'password', errorMessage: MESSAGES.loginIncorrect },
    ]);
    const edit = await call(token, agentRoutes.update, {
      params: { id: agent.id },
      body: editBody(agent, { name: 'New Name' }),
    });
    expect([edit.statusCode, edit.json()]).toEqual([
      422,
      [{ fieldName: 'id', errorMessage: COMPANY_MESSAGES.agentDeleted }],
    ]);
    const invite = await call(token, agentRoutes.invite, { params: { id: agent.id } });
    expect(invite.json()).toEqual([{ fieldName: 'id', errorMessage: COMPANY_MESSAGES.agentDeleted }]);

    // again: the same answer, nothing more written
    const before = await auditCount(agency.id);
    const twice = await call(token, agentRoutes.remove, { params: { id: agent.id } });
    expect([twice.statusCode, twice.json<Agent>().status]).toEqual([200, 'deleted']);
    expect(await auditCount(agency.id)).toBe(before);

    const restored = await call(token, agentRoutes.restore, { params: { id: agent.id } });
    expect([restored.statusCode, restored.json<Agent>().status]).toEqual([200, 'normal']);
    expect((await call(agentToken, authRoutes.me)).statusCode).toBe(401);
    const fresh = await loginAs(t.app, agent.email, NEW_PASSWORD);
    expect((await call(fresh, authRoutes.me)).statusCode).toBe(200);
    const notDeleted = await call(token, agentRoutes.restore, { params: { id: agent.id } });
    expect(notDeleted.json()).toEqual([{ fieldName: 'id', errorMessage: COMPANY_MESSAGES.notDeleted }]);

    const entries = (await history(token)).items;
    expect(entries.slice(0, 2).map((e) => [e.action, e.changes])).toEqual([
      ['agent.restored', [{ field: 'status', from: 'deleted', to: 'normal' }]],
      ['agent.deleted', [{ field: 'status', from: 'normal', to: 'deleted' }]],
    ]);
  });

  it("a deleted invitee's link stops working; restored, they still have to set a password", async () => {
    const { token } = await agencyWithAdmin();
    const agent = await createAgent(token);
    const [link] = await inviteTokens(agent.email);
    expect((await call(token, agentRoutes.remove, { params: { id: agent.id } })).statusCode).toBe(200);
    expect((await setPassword(link ?? '')).json()).toEqual([
      { fieldName: 'token', errorMessage: MESSAGES.resetLinkInvalid },
    ]);
    const restored = await call(token, agentRoutes.restore, { params: { id: agent.id } });
    expect(restored.json<Agent>()).toMatchObject({ status: 'emailNotVerified', inviteExpiresAt: null });
    expect((await setPassword(link ?? '')).statusCode).toBe(422);
    expect((await call(token, agentRoutes.invite, { params: { id: agent.id } })).statusCode).toBe(200);
    const [fresh] = await inviteTokens(agent.email);
    expect((await setPassword(fresh ?? '')).statusCode).toBe(200);
    expect((await login(agent.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('an admin cannot delete their own user', async () => {
    const { agency, token } = await agencyWithAdmin();
    const res = await call(token, agentRoutes.remove, { params: { id: agency.users.admin.id } });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      [{ fieldName: 'id', errorMessage: COMPANY_MESSAGES.cannotDeleteSelf }],
    ]);
    expect(await userRow(agency.users.admin.id)).toMatchObject({ status: 'normal' });
  });
});

describe('PUT /api/b2b/agents/{id}', () => {
  it('changes the details and the role (at once, no new login), with the changed fields in the history', async () => {
    const { agency, token } = await agencyWithAdmin();
    const juniorToken = await loginAs(t.app, agency.users.junior.email);
    const [junior] = (
      await call(token, agentRoutes.list, { query: { search: agency.users.junior.email } })
    ).json<AgentListResponse>().items;
    if (!junior) throw new Error('junior not listed');
    const res = await call(token, agentRoutes.update, {
      params: { id: junior.id },
      body: editBody(junior, { role: 'senior', monthlyCap: 99.99 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Agent>()).toMatchObject({ role: 'senior', monthlyCap: 99.99, name: 'Test junior' });
    expect(await userRow(junior.id)).toMatchObject({ role: 'senior', monthlyCapMinor: 9999 });
    expect((await call(juniorToken, authRoutes.me)).json()).toMatchObject({ role: 'senior' });
    const [entry] = (await history(token)).items;
    expect(entry).toMatchObject({ action: 'agent.updated', subject: `Test junior <${junior.email}>` });
    expect(entry?.changes).toEqual([
      { field: 'role', from: 'junior', to: 'senior' },
      { field: 'monthlyCap', from: null, to: '99.99' },
    ]);
    // the same values again: nothing to record
    const before = await auditCount(agency.id);
    expect(
      (await call(token, agentRoutes.update, { params: { id: junior.id }, body: editBody(res.json<Agent>()) }))
        .statusCode,
    ).toBe(200);
    expect(await auditCount(agency.id)).toBe(before);
    // the cap taken away
    await call(token, agentRoutes.update, {
      params: { id: junior.id },
      body: editBody(res.json<Agent>(), { monthlyCap: null }),
    });
    expect((await history(token)).items[0]?.changes).toEqual([{ field: 'monthlyCap', from: '99.99', to: null }]);
  });

  it('refuses bad input on its field and changes nothing', async () => {
    const { agency, token } = await agencyWithAdmin();
    const id = agency.users.senior.id;
    const valid = { name: 'Test senior', phone: '+971500000000', role: 'senior', jobTitle: '', monthlyCap: null };
    for (const [over, field] of [
      [{ name: '' }, 'name'],
      [{ phone: 'call me' }, 'phone'],
      [{ role: 'owner' }, 'role'],
      [{ monthlyCap: -1 }, 'monthlyCap'],
      [{ monthlyCap: 0.001 }, 'monthlyCap'],
      [{ email: 'new@example.test' }, 'body'],
      [{ jobTitle: 'x'.repeat(101) }, 'jobTitle'],
    ] as const) {
      const res = await call(token, agentRoutes.update, { params: { id }, payload: { ...valid, ...over } });
      expect([
        field,
        res.statusCode,
        [...new Set(res.json<{ fieldName: string }[]>().map((i) => i.fieldName))],
      ]).toEqual([field, 422, [field]]);
    }
    expect(await userRow(id)).toMatchObject({ name: 'Test senior', role: 'senior', monthlyCapMinor: null });
    expect(await auditCount(agency.id)).toBe(0);
  });

  it('an admin cannot change their own role, but may edit their details', async () => {
    const { agency, token } = await agencyWithAdmin();
    const self = { name: 'Test admin', phone: '+971500000000', role: 'admin' as const, jobTitle: '', monthlyCap: null };
    const res = await call(token, agentRoutes.update, {
      params: { id: agency.users.admin.id },
      body: { ...self, role: 'senior' },
    });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      [{ fieldName: 'role', errorMessage: COMPANY_MESSAGES.cannotChangeOwnRole }],
    ]);
    const ok = await call(token, agentRoutes.update, {
      params: { id: agency.users.admin.id },
      body: { ...self, jobTitle: 'Owner' },
    });
    expect([ok.statusCode, ok.json<Agent>().jobTitle, ok.json<Agent>().isSelf]).toEqual([200, 'Owner', true]);
    expect(await userRow(agency.users.admin.id)).toMatchObject({ role: 'admin' });
  });
});

describe('the agency keeps an active admin', () => {
  async function twoAdmins() {
    const { agency, token } = await agencyWithAdmin();
    const second = await createAgent(token, { role: 'admin', name: 'Second Admin' });
    const secondToken = await acceptInvite(second);
    return { agency, first: { id: agency.users.admin.id, token }, second: { id: second.id, token: secondToken } };
  }
  const demote = (token: string, id: string, name: string) =>
    call(token, agentRoutes.update, {
      params: { id },
      body: {
        name,
        phone: '+971500000000',
        role: 'senior',
        jobTitle: '',
        monthlyCap: null,
      },
    });

  it('refuses to demote or delete the last admin who can act (an invited admin does not count)', async () => {
    const { agency, token } = await agencyWithAdmin();
    await createAgent(token, { role: 'admin', name: 'Invited Admin' });
    const second = await createAgent(token, { role: 'admin', name: 'Second Admin' });
    await acceptInvite(second);
    // the caller's own admin rights lapse (say, a change elsewhere): the second is then the last active admin
    await t.database.db.update(users).set({ status: 'emailNotVerified' }).where(eq(users.id, agency.users.admin.id));
    const demoted = await demote(token, second.id, 'Second Admin');
    expect([demoted.statusCode, demoted.json()]).toEqual([
      422,
      [{ fieldName: 'role', errorMessage: COMPANY_MESSAGES.lastAdmin }],
    ]);
    const deleted = await call(token, agentRoutes.remove, { params: { id: second.id } });
    expect([deleted.statusCode, deleted.json()]).toEqual([
      422,
      [{ fieldName: 'id', errorMessage: COMPANY_MESSAGES.lastAdmin }],
    ]);
    expect(await userRow(second.id)).toMatchObject({ role: 'admin', status: 'normal' });
    // and one who is no longer an active admin changes nobody else either
    const other = await call(token, agentRoutes.remove, { params: { id: agency.users.junior.id } });
    expect(other.statusCode).toBe(403);
    expect(await userRow(agency.users.junior.id)).toMatchObject({ status: 'normal' });
  });

  it('with two admins, one may demote or delete the other', async () => {
    const a = await twoAdmins();
    expect((await demote(a.first.token, a.second.id, 'Second Admin')).statusCode).toBe(200);
    const b = await twoAdmins();
    expect((await call(b.second.token, agentRoutes.remove, { params: { id: b.first.id } })).statusCode).toBe(200);
  });

  it(`two admins demoting (or deleting) each other at once: exactly one succeeds${isPostgres ? ' (PostgreSQL, 3 rounds)' : ''}`, async () => {
    for (let round = 0; round < (isPostgres ? 3 : 1); round++) {
      for (const kind of ['demote', 'delete'] as const) {
        const { agency, first, second } = await twoAdmins();
        const act = (actor: { token: string }, target: { id: string }, name: string) =>
          kind === 'demote'
            ? demote(actor.token, target.id, name)
            : call(actor.token, agentRoutes.remove, { params: { id: target.id } });
        const answers = await Promise.all([act(first, second, 'Second Admin'), act(second, first, 'Test admin')]);
        // the loser is refused under the lock (lastAdmin), or, when it came in after the winner committed, by the
        // role matrix already (a demoted admin: 403; a deleted one: 401)
        const codes = answers.map((r) => r.statusCode).sort();
        expect([kind, codes[0]]).toEqual([kind, 200]);
        expect([401, 403, 422]).toContain(codes[1]);
        const refused = answers.find((r) => r.statusCode === 422);
        if (refused)
          expect(refused.json()).toEqual([
            { fieldName: kind === 'demote' ? 'role' : 'id', errorMessage: COMPANY_MESSAGES.lastAdmin },
          ]);
        const admins = await t.database.db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.agencyId, agency.id), eq(users.role, 'admin'), eq(users.status, 'normal')));
        expect(admins[0]?.n).toBe(1);
      }
    }
  });
});
