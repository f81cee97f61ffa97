import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessage, domainRecords } from '@portal/contract';
import { dnsLookups } from '../../lib/dns.ts';
import { startDnsStandIn, type DnsStandIn } from '../../../test/dns-stand-in.ts';
import { checkWidgetDomain } from './domain-verification.ts';

// Issue 13 item 5: a custom domain is verified by DNS look-ups only, through a configurable resolver — here a DNS
// server stand-in on a loopback port, so the test never leaves the machine.
let dns: DnsStandIn;
const TARGET = 'shops.portal.test';
const TOKEN = 'k7QmX2rV9pLs4NwE';

beforeAll(async () => {
  dns = await startDnsStandIn();
  dns.set(TARGET, { a: ['203.0.113.10', '203.0.113.11'] });
});
afterAll(async () => dns?.close());

const lookups = () => dnsLookups({ servers: [dns.server], timeoutMs: 500, tries: 1 });
const check = (domain: string, token = TOKEN) => checkWidgetDomain(lookups(), { domain, token, cnameTarget: TARGET });

describe('widget domains: DNS only, the first thing wrong is the reason', () => {
  it('the records the page shows, set as shown, verify the domain', async () => {
    const [txt, cname] = domainRecords('tours.palmhorizon.test', TOKEN, TARGET);
    expect(txt).toEqual({ type: 'TXT', name: '_b2b-verify.tours.palmhorizon.test', value: `b2b-verify=${TOKEN}` });
    dns.set(txt?.name ?? '', { txt: [[txt?.value ?? '']] });
    expect(cname).toEqual({ type: 'CNAME', name: 'tours.palmhorizon.test', value: TARGET });
    dns.set(cname?.name ?? '', { cname: `${TARGET}.` });
    expect(await check('Tours.PalmHorizon.test.')).toEqual({ status: 'verified', reason: null });
    // only DNS was asked: the TXT, then the CNAME
    expect(dns.queries().map((q) => q.name)).toEqual(
      expect.arrayContaining(['_b2b-verify.tours.palmhorizon.test', 'tours.palmhorizon.test']),
    );
  });

  it('a TXT value split into several strings is one value', async () => {
    dns.set('_b2b-verify.split.test', { txt: [['b2b-verify=', TOKEN]] });
    dns.set('split.test', { cname: TARGET });
    expect(await check('split.test')).toEqual({ status: 'verified', reason: null });
  });

  it("a bare domain with A records that are all the widget host's own is verified; one stranger address is not", async () => {
    dns.set('_b2b-verify.desertrose.test', { txt: [[`b2b-verify=${TOKEN}`]] });
    dns.set('desertrose.test', { a: ['203.0.113.11'] });
    expect(await check('desertrose.test')).toEqual({ status: 'verified', reason: null });
    dns.set('desertrose.test', { a: ['203.0.113.11', '198.51.100.7'] });
    expect(await check('desertrose.test')).toEqual({
      status: 'verificationFailed',
      reason: domainMessage('notPointed', { domain: 'desertrose.test', target: TARGET }),
    });
  });

  it('no TXT record, a wrong token, no CNAME: each its own reason', async () => {
    expect(await check('nothing.test')).toEqual({
      status: 'verificationFailed',
      reason: 'No TXT record _b2b-verify.nothing.test was found',
    });

    dns.set('_b2b-verify.wrong.test', { txt: [['b2b-verify=someone-elses-token'], ['v=spf1 -all']] });
    dns.set('wrong.test', { cname: TARGET });
    expect(await check('wrong.test')).toEqual({
      status: 'verificationFailed',
      reason: "The TXT record _b2b-verify.wrong.test does not hold this widget's verification code",
    });

    dns.set('_b2b-verify.elsewhere.test', { txt: [[`b2b-verify=${TOKEN}`]] });
    dns.set('elsewhere.test', { cname: 'other-host.example.test' });
    expect(await check('elsewhere.test')).toEqual({
      status: 'verificationFailed',
      reason: `elsewhere.test does not point to ${TARGET}: add a CNAME record`,
    });
  });

  it('a failing DNS server is a reason to try again, not an error', async () => {
    dns.set('_b2b-verify.broken.test', { fail: true });
    const result = await check('broken.test');
    expect(result.status).toBe('verificationFailed');
    expect(result.reason).toMatch(/^The DNS look-up failed \(E[A-Z]+\); the check runs again shortly$/);
  });
});
