import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUS_LABELS, readSpendingCapMessage, spendingCapMessage } from '@portal/contract';
import { LANGUAGES, OWN_NAMESPACES, WEB_PARTS, localeFileOf } from '@portal/i18n';
import { MESSAGE_GROUPS } from '@portal/i18n/messages';

// The shared words (packages/i18n): the web's parts and the namespaces of their own (legal, mail, documents), the same
// files with the same keys in each language. The web app shows every server message through its core and parts
// (English as quoted, Russian translated), and the shops reuse them: a message without a key there would reach the
// agent as a raw key.
const localesDir = path.resolve(import.meta.dirname, '../../../packages/i18n/locales');
type Tree = { [key: string]: string | Tree };

function readPart(language: string, part: string): Tree {
  return JSON.parse(fs.readFileSync(path.join(localesDir, language, part), 'utf8')) as Tree;
}

// The web's texts come in parts (core, auth, catalogue, bookings…) that it loads with its pages; merged, they are
// its one tree per language. A key in two parts would make the result depend on the loading order.
function mergeInto(target: Tree, source: Tree, at: string) {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing !== undefined && (typeof existing === 'string' || typeof value === 'string'))
      throw new Error(`${at}${key} is in two parts`);
    if (existing !== undefined && typeof existing !== 'string' && typeof value !== 'string')
      mergeInto(existing, value, `${at}${key}.`);
    else target[key] = value;
  }
}

function readLocale(language: string): Tree {
  const merged: Tree = {};
  for (const part of WEB_PARTS) mergeInto(merged, readPart(language, localeFileOf(part)), '');
  return merged;
}

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

// Russian plurals have more forms (few, many) than English: compare keys without the plural suffix.
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

// The {{values}} a text takes: the server fills them (a link, an amount), so no language may leave one out
const valuesOf = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([^},\s]+)/g)].map((match) => match[1]))].sort();

function textsOf(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : textsOf(value, `${prefix}${key}.`),
  );
}

describe('shared words (packages/i18n)', () => {
  it('each language has the web parts and the namespaces, nothing else', () => {
    const files = [...WEB_PARTS, ...OWN_NAMESPACES].map(localeFileOf).sort();
    for (const language of LANGUAGES)
      expect({ language, files: fs.readdirSync(path.join(localesDir, language)).sort() }).toEqual({ language, files });
  });

  it('English and Russian come in the same parts, each with the same keys, and no key is in two parts', () => {
    const partsEn = fs.readdirSync(path.join(localesDir, 'en')).sort();
    expect(fs.readdirSync(path.join(localesDir, 'ru')).sort()).toEqual(partsEn);
    expect(partsEn).toContain('core.json');
    for (const part of partsEn) {
      const en = [...new Set(keysOf(readPart('en', part)).map(pluralBase))].sort();
      const ru = [...new Set(keysOf(readPart('ru', part)).map(pluralBase))].sort();
      expect({ part, keys: ru }).toEqual({ part, keys: en });
    }
    expect(() => readLocale('en')).not.toThrow();
    expect(() => readLocale('ru')).not.toThrow();
  });

  it.each(['mail', 'documents', 'sandbox'] as const)(
    'the server fills the same values in English and Russian (%s)',
    (part) => {
      const russian = new Map(
        textsOf(readPart('ru', localeFileOf(part))).map(([key, text]) => [pluralBase(key), text]),
      );
      const differ = textsOf(readPart('en', localeFileOf(part)))
        .filter(([key, text]) => valuesOf(text).join() !== valuesOf(russian.get(pluralBase(key)) ?? '').join())
        .map(([key]) => key);
      expect(differ).toEqual([]);
    },
  );

  it('every mail has a subject and a text', () => {
    const mail = readPart('en', localeFileOf('mail'));
    const incomplete = Object.entries(mail).filter(
      ([, value]) => typeof value === 'string' || typeof value.subject !== 'string' || typeof value.text !== 'string',
    );
    expect(incomplete.map(([name]) => name)).toEqual([]);
  });

  it('documents name every booking status, in English as the contract does', () => {
    const en = readPart('en', localeFileOf('documents')).statuses;
    expect(en).toEqual(BOOKING_STATUS_LABELS);
    const ru = readPart('ru', localeFileOf('documents')).statuses;
    expect(typeof ru === 'object' ? Object.keys(ru).sort() : ru).toEqual(Object.keys(BOOKING_STATUS_LABELS).sort());
  });

  // The desk's fee check: the web's form says it of a fee typed in major units, the API of one in minor units
  const ownEnglish = new Set(['boDesk.messages.feeAmount']);

  it.each(['en', 'ru'])(
    "%s has words for every contract message in its group's part, and English quotes it word for word",
    (language) => {
      const missing: string[] = [];
      for (const group of MESSAGE_GROUPS) {
        const part = readPart(language, localeFileOf(group.part));
        for (const [name, text] of Object.entries(group.messages)) {
          const key = `${group.key}.${name}`;
          const words = key
            .split('.')
            .reduce<
              Tree | string | undefined
            >((tree, step) => (typeof tree === 'object' ? tree[step] : undefined), part);
          if (typeof words !== 'string' || !words) missing.push(key);
          else if (language === 'en' && !ownEnglish.has(key))
            expect(`${key}: ${words}`).toBe(`${key}: ${text.replace(/\{(\w+)\}/g, '{{$1}}')}`);
        }
      }
      // CATALOGUE_MESSAGES.dateFormat is MESSAGES' text, under messages.dateFormat
      expect(missing).toEqual(['catalogueMessages.dateFormat']);
    },
  );

  it('a text two groups share has one Russian wording', () => {
    const russian = new Map<string, Set<string>>();
    for (const group of MESSAGE_GROUPS) {
      const part = readPart('ru', localeFileOf(group.part));
      for (const [name, text] of Object.entries(group.messages)) {
        const words = `${group.key}.${name}`
          .split('.')
          .reduce<Tree | string | undefined>((tree, step) => (typeof tree === 'object' ? tree[step] : undefined), part);
        if (typeof words === 'string') russian.set(text, new Set([...(russian.get(text) ?? []), words]));
      }
    }
    const twice = [...russian].filter(([, words]) => words.size > 1).map(([text, words]) => [text, [...words]]);
    expect(twice).toEqual([]);
  });
});

describe('the spending-cap refusal', () => {
  it('reads back the amounts the server wrote, and both languages word it with them', () => {
    const message = spendingCapMessage('1,000.00\u00A0AED', '12.50\u00A0AED');
    expect(readSpendingCapMessage(message)).toEqual({ cap: '1,000.00\u00A0AED', left: '12.50\u00A0AED' });
    expect(readSpendingCapMessage('Your available balance is insufficient.')).toBeNull();
    const fill = (text: string | undefined) =>
      (text ?? '').replace('{{cap}}', '1,000.00\u00A0AED').replace('{{left}}', '12.50\u00A0AED');
    const en = readLocale('en') as Record<string, Record<string, string>>;
    expect(fill(en.messages?.spendingCap)).toBe(message);
    const ru = readLocale('ru') as Record<string, Record<string, string>>;
    expect(fill(ru.messages?.spendingCap)).toContain('1,000.00\u00A0AED');
  });
});
