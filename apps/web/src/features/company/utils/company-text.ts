import { COMPANY_MESSAGES } from '@portal/contract/plain';
import { i18n, translateMessage } from '@/lib/i18n';

const COMPANY_MESSAGE_KEYS = new Map<string, string>(
  Object.entries(COMPANY_MESSAGES).map(([key, value]): [string, string] => [value, `company.messages.${key}`]),
);

// The server's and the contract's English messages in the language on screen: the company form's own ones from this
// page's texts, the rest as everywhere else
export function translateCompanyMessage(message: string): string {
  const key = COMPANY_MESSAGE_KEYS.get(message);
  return key && i18n.exists(key) ? i18n.t(key) : translateMessage(message);
}

// The label a field of the form has on screen, for the history ('bank.iban', 'contacts.accounts.email',
// 'files.contract'); a field this page does not know keeps its name
export function fieldLabel(field: string): string {
  const contact = /^contacts\.(\w+)\.(\w+)$/.exec(field);
  if (contact) return `${i18n.t(`company.contacts.${contact[1]}`)} · ${i18n.t(`company.fields.contact.${contact[2]}`)}`;
  const file = /^files\.(\w+)$/.exec(field);
  const key = file ? `company.documents.${file[1]}` : `company.fields.${field}`;
  return i18n.exists(key) ? i18n.t(key) : field;
}
