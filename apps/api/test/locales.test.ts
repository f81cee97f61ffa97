import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  API_KEY_MESSAGES,
  BOOKING_MESSAGES,
  CATALOGUE_MESSAGES,
  COMPANY_MESSAGES,
  MESSAGES,
  MONEY_MESSAGES,
  WIDGET_MESSAGES,
  WIDGET_SALE_MESSAGES,
  WEBHOOK_MESSAGES,
  readSpendingCapMessage,
  spendingCapMessage,
} from '@portal/contract';
import { WEB_PARTS, localeFileOf } from '@portal/i18n';

// The web app shows every server message through its locale files (English as quoted, Russian translated);
// a message without a key there would reach the agent as a raw key.
const localesDir = path.resolve(import.meta.dirname, '../../../packages/i18n/locales');
const groups: [string, Record<string, string>][] = [
  ['messages', MESSAGES],
  ['catalogueMessages', Object.fromEntries(Object.entries(CATALOGUE_MESSAGES).filter(([key]) => key !== 'dateFormat'))],
  ['bookingMessages', BOOKING_MESSAGES],
  ['moneyMessages', MONEY_MESSAGES],
  ['companyMessages', COMPANY_MESSAGES],
  ['widgetMessages', WIDGET_MESSAGES],
  ['widgetSaleMessages', WIDGET_SALE_MESSAGES],
  ['apiKeyMessages', API_KEY_MESSAGES],
  ['webhookMessages', WEBHOOK_MESSAGES],
];

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

describe('web locales', () => {
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

  it.each(['en', 'ru'])(
    '%s has a translation for every contract message, and English quotes it word for word',
    (language) => {
      const locale = readLocale(language) as Record<string, Record<string, string>>;
      const missing = groups.flatMap(([group, messages]) =>
        Object.keys(messages)
          .filter((key) => !locale[group]?.[key])
          .map((key) => `${group}.${key}`),
      );
      expect(missing).toEqual([]);
      if (language === 'en') {
        for (const [group, messages] of groups)
          for (const [key, text] of Object.entries(messages))
            expect(`${group}.${key}: ${locale[group]?.[key]}`).toBe(`${group}.${key}: ${text}`);
      }
    },
  );
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
