import type { Language } from '@portal/contract';
import { translateMessage } from '../../lib/i18n.ts';

// The server's messages (contract texts, in English) in the shop's language: the words the web shows for them (the
// core part of packages/i18n, under the same keys), so a message has one Russian wording wherever it shows. `own`:
// the Russian of a page's own messages, which the contract does not hold.
export function shopMessage(message: string, language: Language, own: Record<string, string> = {}): string {
  if (language === 'en') return message;
  return own[message] ?? translateMessage(language, message) ?? message;
}
