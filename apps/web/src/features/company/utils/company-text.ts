import { i18n } from '@/lib/i18n';

// The label a field of the form has on screen, for the history ('bank.iban', 'contacts.accounts.email',
// 'files.contract'); a field this page does not know keeps its name
export function fieldLabel(field: string): string {
  const contact = /^contacts\.(\w+)\.(\w+)$/.exec(field);
  if (contact) return `${i18n.t(`company.contacts.${contact[1]}`)} · ${i18n.t(`company.fields.contact.${contact[2]}`)}`;
  const file = /^files\.(\w+)$/.exec(field);
  const key = file ? `company.documents.${file[1]}` : `company.fields.${field}`;
  return i18n.exists(key) ? i18n.t(key) : field;
}
