import type { Language } from '@portal/contract';
import enCore from '@portal/i18n/locales/en/core.json' with { type: 'json' };
import ruCore from '@portal/i18n/locales/ru/core.json' with { type: 'json' };

// The server's messages (contract texts, in English) in the shop's language. The web app's core locale already holds
// every contract message in both languages under the same keys; the shop pairs them once (the build bundles both
// files), so a message has one Russian wording wherever it shows.
type Tree = { [key: string]: unknown };
function pairs(en: Tree, ru: Tree, into: Map<string, string>): void {
  for (const [key, value] of Object.entries(en)) {
    const other = ru[key];
    if (typeof value === 'string' && typeof other === 'string') into.set(value, other);
    else if (value && typeof value === 'object' && other && typeof other === 'object')
      pairs(value as Tree, other as Tree, into);
  }
}

let russian: Map<string, string> | null = null;
function russianOf(): Map<string, string> {
  if (!russian) {
    russian = new Map();
    pairs(enCore as Tree, ruCore as Tree, russian);
  }
  return russian;
}

export function shopMessage(message: string, language: Language, own: Record<string, string> = {}): string {
  if (language === 'en') return message;
  return own[message] ?? russianOf().get(message) ?? message;
}
