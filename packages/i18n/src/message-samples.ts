import * as contract from '@portal/contract';
import {
  cannotApproveMessage,
  creditLimitBelowDebtMessage,
  domainMessage,
  fillTemplate,
  peopleMessages,
  saleBelowMinimumMessage,
  spendingCapMessage,
  stockBelowTakenMessage,
} from '@portal/contract';

// For the tests of translateMessage (web and server): every message of every `*_MESSAGES` group the contract exports,
// as the server writes it — a template filled in with sample values — and the messages its functions write. Not for
// the apps' code.

// A sample for each value a template names; `status` is said in the message's language, the others as they are
const SAMPLE_VALUES: Readonly<Record<string, string>> = {
  taken: '7',
  slot: '27.11.2026 18:00',
  owed: 'AED 1,250.00',
  status: 'suspended',
  name: '_b2b-verify.tours.example.com',
  domain: 'tours.example.com',
  target: 'widgets.portal.test',
  code: 'ETIMEOUT',
  n: '8',
};
export const TRANSLATED_VALUES: ReadonlySet<string> = new Set(['status']);

export type MessageSample = {
  // where it comes from: `GROUP.name`, or the function that wrote it
  source: string;
  message: string;
  // the values written into it, which the translation keeps
  values: string[];
  // values the translation says in its own words (an agency's status): never as they were written
  translated?: string[];
};

// The contract's message groups by name (what the tests walk, so that a new group cannot be left out)
export function contractMessageGroups(): [string, Readonly<Record<string, string>>][] {
  return Object.entries(contract)
    .filter(([name, value]) => name.endsWith('_MESSAGES') && typeof value === 'object' && value !== null)
    .map(([name, value]): [string, Readonly<Record<string, string>>] => [name, value as Record<string, string>]);
}

function valuesOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => !TRANSLATED_VALUES.has(name))
    .map((name) => SAMPLE_VALUES[name] ?? '');
}

export function contractMessageSamples(): MessageSample[] {
  const fromGroups = contractMessageGroups().flatMap(([group, messages]) =>
    Object.entries(messages).map(([name, template]) => {
      const unknown = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').filter((v) => !(v in SAMPLE_VALUES));
      if (unknown.length > 0) throw new Error(`${group}.${name}: no sample value for ${unknown.join(', ')}`);
      const translated = [...TRANSLATED_VALUES]
        .filter((v) => template.includes(`{${v}}`))
        .map((v) => SAMPLE_VALUES[v] ?? '');
      return {
        source: `${group}.${name}`,
        message: fillTemplate(template, SAMPLE_VALUES),
        values: valuesOf(template),
        translated,
      };
    }),
  );
  const written = (source: string, message: string, values: string[], translated: string[] = []): MessageSample => ({
    source,
    message,
    values,
    translated,
  });
  return [
    ...fromGroups,
    written('spendingCapMessage', spendingCapMessage('AED 1,000.00', 'AED 12.50'), ['AED 1,000.00', 'AED 12.50']),
    written('saleBelowMinimumMessage', saleBelowMinimumMessage('AED 151.20', 0), ['AED 151.20']),
    written('saleBelowMinimumMessage (discount)', saleBelowMinimumMessage('AED 151.20', 10), ['AED 151.20', '10']),
    written('peopleMessages.min', peopleMessages.min(2), ['2']),
    written('peopleMessages.max', peopleMessages.max(12), ['12']),
    written('peopleMessages.stock', peopleMessages.stock(0), ['0']),
    written('stockBelowTakenMessage', stockBelowTakenMessage(15, '01.12.2026 09:30'), ['15', '01.12.2026 09:30']),
    written('creditLimitBelowDebtMessage', creditLimitBelowDebtMessage('USD 99.99'), ['USD 99.99']),
    written('cannotApproveMessage (rejected)', cannotApproveMessage('rejected'), [], ['rejected']),
    written('domainMessage', domainMessage('dnsFailed', { code: 'SERVFAIL' }), ['SERVFAIL']),
    written('unsupportedFormatMessage', contract.unsupportedFormatMessage, []),
  ];
}

// What is wrong with `russian` as the Russian of a sample, or null: it must be Russian words (the message itself only
// when the contract already writes it in Russian, SPEC §7's `noData`), with the sample's values, and no key, no
// placeholder and no nesting left unresolved
export function russianProblem(sample: MessageSample, russian: string): string | null {
  const cyrillic = /[а-яё]/i;
  if (!russian.trim()) return 'empty';
  if (russian === sample.message && !cyrillic.test(sample.message)) return 'still English';
  if (!cyrillic.test(russian)) return `not Russian: ${russian}`;
  if (/\{\{|\$t\(|^[\w-]+(\.[\w-]+)+$/.test(russian)) return `unresolved: ${russian}`;
  const lost = sample.values.filter((value) => !russian.includes(value));
  if (lost.length > 0) return `lost ${lost.join(', ')}: ${russian}`;
  const untranslated = (sample.translated ?? []).filter((value) => russian.includes(value));
  if (untranslated.length > 0) return `${untranslated.join(', ')} not in Russian: ${russian}`;
  return null;
}
