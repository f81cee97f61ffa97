import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, CATALOGUE_MESSAGES, MESSAGES } from '@portal/contract';

// The web app shows every server message through its locale files (English as quoted, Russian translated);
// a message without a key there would reach the agent as a raw key.
const localesDir = path.resolve(import.meta.dirname, '../../web/src/locales');
const groups: [string, Record<string, string>][] = [
  ['messages', MESSAGES],
  ['catalogueMessages', Object.fromEntries(Object.entries(CATALOGUE_MESSAGES).filter(([key]) => key !== 'dateFormat'))],
  ['bookingMessages', BOOKING_MESSAGES],
];

describe('web locales', () => {
  it.each(['en', 'ru'])('%s has a translation for every contract message, and English quotes it word for word', (language) => {
    const locale = JSON.parse(fs.readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as Record<string, Record<string, string>>;
    const missing = groups.flatMap(([group, messages]) => Object.keys(messages).filter((key) => !locale[group]?.[key]).map((key) => `${group}.${key}`));
    expect(missing).toEqual([]);
    if (language === 'en') {
      for (const [group, messages] of groups) for (const [key, text] of Object.entries(messages)) expect(`${group}.${key}: ${locale[group]?.[key]}`).toBe(`${group}.${key}: ${text}`);
    }
  });
});
