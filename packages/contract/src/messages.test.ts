import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';
import {
  AGENCY_ADMIN_MESSAGES,
  cannotApproveMessage,
  domainMessage,
  fillTemplate,
  readDomainMessage,
  readTemplate,
  stockBelowTakenMessage,
} from './messages.ts';
import { peopleMessages } from './booking-rules.ts';

// A message with values is written from its template and read back by the same template: the web and the server's
// pages say it in their language with the values the server wrote
describe('message templates', () => {
  const templates = Object.entries(contract)
    .filter(([name, value]) => name.endsWith('_MESSAGES') && typeof value === 'object')
    .flatMap(([group, messages]) =>
      Object.entries(messages as Record<string, string>)
        .filter(([, text]) => /\{\w+\}/.test(text))
        .map(([name, text]) => [`${group}.${name}`, text] as const),
    );

  it('every template of a group reads back the values it was filled with (brackets, dots and colons kept)', () => {
    expect(templates.length).toBeGreaterThanOrEqual(10);
    for (const [source, template] of templates) {
      const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
      const values = Object.fromEntries(names.map((name, i) => [name, `v${i} (a.b: c)`]));
      expect([source, readTemplate(template, fillTemplate(template, values))]).toEqual([source, values]);
    }
  });

  it('a text the template did not write, or a template without values, reads as null', () => {
    expect(readTemplate(AGENCY_ADMIN_MESSAGES.cannotApprove, 'Agency is suspended')).toBeNull();
    expect(readTemplate(AGENCY_ADMIN_MESSAGES.cannotApprove, 'xAgency is suspended and cannot be approved')).toBeNull();
    expect(readTemplate(AGENCY_ADMIN_MESSAGES.notPending, AGENCY_ADMIN_MESSAGES.notPending)).toBeNull();
  });

  it('the functions write SPEC’s and the service’s English, word for word', () => {
    expect(peopleMessages.min(2)).toBe('Minimum number of people: 2');
    expect(peopleMessages.max(8)).toBe('Maximum number of people: 8');
    expect(peopleMessages.stock(0)).toBe('No more available stock, max 0. Please contact admin.');
    expect(cannotApproveMessage('suspended')).toBe('Agency is suspended and cannot be approved');
    expect(stockBelowTakenMessage(3, '27.11.2026 18:00')).toBe(
      'Stock cannot be lower than the 3 seats already sold or held on 27.11.2026 18:00',
    );
  });

  it('a stored domain reason reads back into its key and values', () => {
    const reason = domainMessage('dnsFailed', { code: 'SERVFAIL' });
    expect(reason).toBe('The DNS look-up failed (SERVFAIL); the check runs again shortly');
    expect(readDomainMessage(reason)).toEqual({ key: 'dnsFailed', values: { code: 'SERVFAIL' } });
    expect(readDomainMessage(domainMessage('noDomain', {}))).toEqual({ key: 'noDomain', values: {} });
    expect(readDomainMessage('Something else')).toBeNull();
  });
});
