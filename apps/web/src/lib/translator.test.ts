import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { Translator } from './translator';

// The web's own runtime must say what i18next says (the API still uses i18next on the same files): every key of
// every web part, in English and Russian, with values, counts and a missing value, compared with i18next itself.
const localesDir = path.resolve(fileURLToPath(import.meta.url), '../../../../../packages/i18n/locales');
const WEB_PARTS = fs
  .readdirSync(path.join(localesDir, 'en'))
  .filter((file) => !['mail.json', 'documents.json', 'ledger.json', 'legal.json'].includes(file));

type Tree = { [key: string]: unknown };
const read = (language: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, language, file), 'utf8')) as Tree;

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? leafKeys(value as Tree, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const merge = (files: string[], language: string) =>
  files.map((file) => read(language, file)).reduce<Tree>((all, part) => ({ ...all, ...part }), {});

async function both(language: 'en' | 'ru') {
  const en = merge(WEB_PARTS, 'en');
  const theirs = i18next.createInstance();
  await theirs.init({
    resources: {
      en: { translation: en },
      ...(language === 'ru' ? { ru: { translation: merge(WEB_PARTS, 'ru') } } : {}),
    },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  const missing = vi.fn();
  const ours = new Translator(language, 'en', missing);
  for (const file of WEB_PARTS) {
    ours.addResourceBundle('en', 'translation', read('en', file));
    if (language === 'ru') ours.addResourceBundle('ru', 'translation', read('ru', file));
  }
  return { theirs, ours, keys: leafKeys(en).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')) };
}

// every name any text interpolates, with a value that shows where it went
const VALUES = { name: 'Anna', email: 'a@b.c', n: 7, max: 40, status: 'pending', count: 3 };

describe('Translator says what i18next says', () => {
  it.each(['en', 'ru'] as const)(
    'every web key in %s, with values and with counts 0, 1, 2, 5, 21, 1.5',
    async (language) => {
      const { theirs, ours, keys } = await both(language);
      expect(keys.length).toBeGreaterThan(500);
      for (const key of new Set(keys)) {
        expect(ours.t(key), key).toBe(theirs.t(key));
        expect(ours.t(key, VALUES), key).toBe(theirs.t(key, VALUES));
        for (const count of [0, 1, 2, 5, 21, 1.5])
          expect(ours.t(key, { ...VALUES, count }), `${key} × ${count}`).toBe(theirs.t(key, { ...VALUES, count }));
        expect(ours.exists(key), key).toBe(theirs.exists(key));
      }
    },
  );

  it('a value passed as null or undefined is empty, one not passed stays as written, nesting follows the values', () => {
    const ours = new Translator('ru', 'en');
    ours.addResourceBundle('en', 'translation', { a: 'Hi {{who}}!', s: { pending: 'Pending' } });
    ours.addResourceBundle('ru', 'translation', { s: { pending: 'Ожидает' }, n: '«$t(s.{{status}})»' });
    expect(ours.t('a')).toBe('Hi {{who}}!');
    expect(ours.t('a', { who: undefined })).toBe('Hi !');
    expect(ours.t('a', { who: null })).toBe('Hi !');
    expect(ours.t('n', { status: 'pending' })).toBe('«Ожидает»');
  });

  it('an unknown key is itself and reported; a default value is used instead when given', () => {
    const missing = vi.fn();
    const ours = new Translator('en', 'en', missing);
    expect(ours.t('nowhere.to.be.found')).toBe('nowhere.to.be.found');
    expect(missing).toHaveBeenCalledWith('nowhere.to.be.found');
    expect(ours.t('nowhere', { defaultValue: 'plain {{x}}', x: 1 })).toBe('plain 1');
    expect(missing).toHaveBeenCalledTimes(1);
  });

  it('a whole subtree comes with its values, a later part merges into an earlier one, listeners hear both', async () => {
    const ours = new Translator('en', 'en');
    const heard = vi.fn();
    ours.subscribe(heard);
    ours.addResourceBundle('en', 'legal', { terms: { sections: [{ heading: 'By {{company}}', paragraphs: ['x'] }] } });
    ours.addResourceBundle('en', 'legal', { terms: { title: 'Terms' } });
    expect(ours.tree('terms.sections', { ns: 'legal', company: 'Golden Falcon' })).toEqual([
      { heading: 'By Golden Falcon', paragraphs: ['x'] },
    ]);
    expect(ours.t('terms.title', { ns: 'legal' })).toBe('Terms');
    const version = ours.getVersion();
    await ours.changeLanguage('ru');
    expect(ours.getVersion()).toBe(version + 1);
    expect(heard).toHaveBeenCalledTimes(3);
  });
});
