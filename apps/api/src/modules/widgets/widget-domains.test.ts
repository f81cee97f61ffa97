import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  WIDGET_DOMAIN_MESSAGES,
  WIDGET_MESSAGES,
  domainMessage,
  widgetDomainRoutes,
  type WidgetDomainView,
} from '@portal/contract';
import { agencies, widgets } from '../../db/schema/index.ts';
import { dnsLookups } from '../../lib/dns.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { startDnsStandIn, type DnsStandIn } from '../../../test/dns-stand-in.ts';
import { createAgency, insertWidget, loginAs, type TestAgency } from '../../../test/factories.ts';
import { recordDomainCheck } from './widget-domains.repo.ts';
import { checkDueDomains } from './widget-domains.service.ts';
import { injectRoute } from '../../../test/inject-route.ts';

// Issue 13 item 5 through the API: the records a widget's page shows, "check now", the job, and the TLS proxy's ask —
// DNS answered by a stand-in on a loopback port (DNS_SERVERS), never the network.
const TARGET = 'shops.portal.test';
let t: TestApp;
let dns: DnsStandIn;
let agency: TestAgency;
let admin: string;
let theirs: { agency: TestAgency; admin: string };

beforeAll(async () => {
  dns = await startDnsStandIn();
  t = await buildTestApp({ dnsServers: [dns.server], widgetCnameTarget: TARGET });
  agency = await createAgency(t.database.db);
  const other = await createAgency(t.database.db);
  await t.database.db.update(agencies).set({ isWidgetsCreationAllowed: 1 }).where(eq(agencies.id, agency.id));
  await t.database.db.update(agencies).set({ isWidgetsCreationAllowed: 1 }).where(eq(agencies.id, other.id));
  admin = await loginAs(t.app, agency.users.admin.email);
  theirs = { agency: other, admin: await loginAs(t.app, other.users.admin.email) };
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

let serial = 0;
async function widgetWith(domain: string, owner: TestAgency = agency) {
  serial += 1;
  const row = await insertWidget(t.database.db, owner, {
    slug: `domain-test-${serial}-${owner.id.slice(0, 6)}`,
    name: `Shop ${serial}`,
    domain,
    domainStatus: domain ? 'pendingVerification' : null,
  });
  return { id: row.id, token: row.domainToken };
}

// a widget's domain, shown or checked; as the agency's admin unless a token (null: nobody) is given
const call = (
  route: typeof widgetDomainRoutes.get | typeof widgetDomainRoutes.verify,
  id: string,
  token: string | null = admin,
) => injectRoute(t.app, route, { params: { id }, token: token ?? undefined });

const allowed = async (domain: string) =>
  (await injectRoute(t.app, widgetDomainRoutes.allowed, { query: { domain } })).statusCode;

describe('a widget domain: records shown, checked by DNS, served only once verified', () => {
  it('shows the two records with its own code; fails with the reason until they are set, then verifies', async () => {
    const widget = await widgetWith('tours.palmhorizon.test');
    const shown = await call(widgetDomainRoutes.get, widget.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      domain: 'tours.palmhorizon.test',
      status: 'pendingVerification',
      reason: null,
      checkedAt: null,
      records: [
        { type: 'TXT', name: '_b2b-verify.tours.palmhorizon.test', value: `b2b-verify=${widget.token}` },
        { type: 'CNAME', name: 'tours.palmhorizon.test', value: TARGET },
      ],
    } satisfies WidgetDomainView);
    expect(await allowed('tours.palmhorizon.test')).toBe(404);

    const early = await call(widgetDomainRoutes.verify, widget.id);
    expect(early.json()).toMatchObject({
      status: 'verificationFailed',
      reason: 'No TXT record _b2b-verify.tours.palmhorizon.test was found',
    });
    expect(early.json().checkedAt).toEqual(expect.any(String));
    expect(await allowed('tours.palmhorizon.test')).toBe(404);

    dns.set('_b2b-verify.tours.palmhorizon.test', { txt: [[`b2b-verify=${widget.token}`]] });
    dns.set('tours.palmhorizon.test', { cname: TARGET });
    const done = await call(widgetDomainRoutes.verify, widget.id);
    expect(done.json()).toMatchObject({ status: 'verified', reason: null });
    const [row] = await t.database.db.select().from(widgets).where(eq(widgets.id, widget.id));
    expect(row).toMatchObject({ domainStatus: 'verified', domainReason: null });
    // the TLS proxy may now ask for a certificate, in any case and with the root's dot
    expect(await allowed('tours.palmhorizon.test')).toBe(200);
    expect(await allowed('Tours.PalmHorizon.test.')).toBe(200);
    expect(await allowed('other.palmhorizon.test')).toBe(404);
  });

  it('the job checks due domains: a wrong code fails with its reason, a right one verifies, a deleted widget is left', async () => {
    const good = await widgetWith('book.goodagency.test');
    const wrong = await widgetWith('book.wrongcode.test');
    const gone = await widgetWith('book.deleted.test');
    await t.database.db.update(widgets).set({ deletedAt: new Date() }).where(eq(widgets.id, gone.id));
    dns.set('_b2b-verify.book.goodagency.test', { txt: [[`b2b-verify=${good.token}`]] });
    dns.set('book.goodagency.test', { cname: TARGET });
    dns.set('_b2b-verify.book.wrongcode.test', { txt: [['b2b-verify=not-this-one']] });
    dns.set('_b2b-verify.book.deleted.test', { txt: [[`b2b-verify=${gone.token}`]] });
    dns.set('book.deleted.test', { cname: TARGET });

    await checkDueDomains(t.app.deps, dnsLookups({ servers: [dns.server], timeoutMs: 500, tries: 1 }));
    const rows = await t.database.db.select().from(widgets);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(good.id)).toMatchObject({ domainStatus: 'verified', domainReason: null });
    expect(byId.get(wrong.id)).toMatchObject({
      domainStatus: 'verificationFailed',
      domainReason: domainMessage('txtWrong', { name: '_b2b-verify.book.wrongcode.test' }),
    });
    expect(byId.get(gone.id)).toMatchObject({ domainStatus: 'pendingVerification', domainCheckedAt: null });
    expect(await allowed('book.deleted.test')).toBe(404);

    // checked just now: the next run leaves them until they are due again
    const asked = dns.queries().length;
    await checkDueDomains(t.app.deps, dnsLookups({ servers: [dns.server], timeoutMs: 500, tries: 1 }));
    expect(dns.queries().length).toBe(asked);
  });

  it('a check of a domain changed meanwhile is not stored over the new one', async () => {
    const widget = await widgetWith('first.example.test');
    await t.database.db.update(widgets).set({ domain: 'second.example.test' }).where(eq(widgets.id, widget.id));
    expect(
      await recordDomainCheck(t.database.db, widget.id, 'first.example.test', { status: 'verified', reason: null }),
    ).toBeNull();
    const [row] = await t.database.db.select().from(widgets).where(eq(widgets.id, widget.id));
    expect(row).toMatchObject({ domain: 'second.example.test', domainStatus: 'pendingVerification' });
  });

  it("no domain yet: 422 on the field; another agency's widget: 404; others than its admins: refused", async () => {
    const bare = await widgetWith('');
    const none = await call(widgetDomainRoutes.verify, bare.id);
    expect([none.statusCode, none.json()]).toEqual([
      422,
      [{ fieldName: 'domain', errorMessage: WIDGET_DOMAIN_MESSAGES.noDomain }],
    ]);
    expect((await call(widgetDomainRoutes.get, bare.id)).json()).toMatchObject({ status: null, records: [] });

    const foreign = await widgetWith('theirs.example.test', theirs.agency);
    for (const route of [widgetDomainRoutes.get, widgetDomainRoutes.verify]) {
      const res = await call(route, foreign.id);
      expect([res.statusCode, res.body]).toEqual([404, WIDGET_MESSAGES.notFound]);
    }
    const [untouched] = await t.database.db.select().from(widgets).where(eq(widgets.id, foreign.id));
    expect(untouched).toMatchObject({ domainStatus: 'pendingVerification', domainCheckedAt: null });

    const junior = await loginAs(t.app, agency.users.junior.email);
    expect((await call(widgetDomainRoutes.get, bare.id, junior)).statusCode).toBe(403);
    expect((await call(widgetDomainRoutes.get, bare.id, null)).statusCode).toBe(401);
  });
});
