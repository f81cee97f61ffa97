import {
  AGENCY_ADMIN_MESSAGES,
  API_KEY_MESSAGES,
  BOOKING_MESSAGES,
  CATALOGUE_ADMIN_MESSAGES,
  CATALOGUE_MESSAGES,
  COMPANY_MESSAGES,
  DESK_MESSAGES,
  FIELD_MESSAGES,
  INSIGHT_MESSAGES,
  MESSAGES,
  MONEY_MESSAGES,
  PEOPLE_MESSAGES,
  REPLAY_MESSAGES,
  SANDBOX_CARD_MESSAGES,
  WEBHOOK_MESSAGES,
  WIDGET_CHECKOUT_MESSAGES,
  WIDGET_DOMAIN_MESSAGES,
  WIDGET_MESSAGES,
  WIDGET_PUBLIC_MESSAGES,
  WIDGET_SALE_MESSAGES,
  readSaleBelowMinimumMessage,
  readSpendingCapMessage,
  readTemplate,
  unsupportedFormatMessage,
} from '@portal/contract/plain';
import type { WebPart } from './index.ts';

// The contract's messages are English (SPEC quotes them; the API answers with them). Their words in every language are
// here, one key each, read by the web (lib/i18n.ts) and by the server's pages (apps/api/src/lib/i18n.ts) through
// findMessage: one wording per message wherever it shows. A message with values (a template, "{taken}") is found by
// the contract's template and shown with the values it was written with.

type Group = { messages: Readonly<Record<string, string>>; key: string; part: WebPart };

// Every `*_MESSAGES` group of the contract: where its words are (`<key>.<the message's name>` in that part). A text
// two groups share is found under the first: the agent's groups (core, loaded with the first page) come first.
export const MESSAGE_GROUPS = [
  { messages: MESSAGES, key: 'messages', part: 'core' },
  { messages: CATALOGUE_MESSAGES, key: 'catalogueMessages', part: 'core' },
  { messages: BOOKING_MESSAGES, key: 'bookingMessages', part: 'core' },
  { messages: MONEY_MESSAGES, key: 'moneyMessages', part: 'core' },
  { messages: COMPANY_MESSAGES, key: 'companyMessages', part: 'core' },
  { messages: FIELD_MESSAGES, key: 'fieldMessages', part: 'core' },
  { messages: PEOPLE_MESSAGES, key: 'peopleMessages', part: 'core' },
  { messages: SANDBOX_CARD_MESSAGES, key: 'cardMessages', part: 'core' },
  { messages: WIDGET_SALE_MESSAGES, key: 'widgetSaleMessages', part: 'core' },
  { messages: WIDGET_CHECKOUT_MESSAGES, key: 'widgetCheckoutMessages', part: 'core' },
  { messages: WIDGET_PUBLIC_MESSAGES, key: 'widgetPublicMessages', part: 'core' },
  { messages: WIDGET_MESSAGES, key: 'widgetMessages', part: 'widgets' },
  { messages: WIDGET_DOMAIN_MESSAGES, key: 'widgets.domain.reasons', part: 'widgets' },
  { messages: API_KEY_MESSAGES, key: 'apiKeyMessages', part: 'widgets' },
  { messages: WEBHOOK_MESSAGES, key: 'webhookMessages', part: 'widgets' },
  { messages: AGENCY_ADMIN_MESSAGES, key: 'backOffice.messages', part: 'backOffice' },
  { messages: REPLAY_MESSAGES, key: 'backOffice.replay.messages', part: 'backOffice' },
  { messages: CATALOGUE_ADMIN_MESSAGES, key: 'boCatalogue.messages', part: 'backOfficeCatalogue' },
  { messages: DESK_MESSAGES, key: 'boDesk.messages', part: 'backOfficeDesk' },
  { messages: INSIGHT_MESSAGES, key: 'boInsight.messages', part: 'backOfficeInsight' },
] as const satisfies readonly Group[];

// The parts that hold messages (the server preloads them to say the messages in its pages)
export const MESSAGE_PARTS: readonly WebPart[] = [...new Set(MESSAGE_GROUPS.map((group) => group.part))];

// Texts the contract writes outside its groups (field checks of its schemas, the web's own fallback); first, so that
// CATALOGUE_MESSAGES.dateFormat, the same text, has the one wording of it
const LOOSE_MESSAGES: readonly [string, string][] = [
  [unsupportedFormatMessage, 'messages.unsupportedFormat'],
  ['TRN must contain digits only', 'messages.trnDigits'],
  ['Use the format yyyy-MM-dd', 'messages.dateFormat'],
  ['Error', 'messages.error'],
];

export type MessageValues = Record<string, string | number>;
export type FoundMessage = { key: string; values: MessageValues };

// built on first use: exact texts by a map, templates (a group's texts with {values}) tried in the groups' order
let exact: Map<string, string> | null = null;
const templates: { template: string; key: string }[] = [];

function build(): Map<string, string> {
  const texts = new Map<string, string>(LOOSE_MESSAGES);
  for (const group of MESSAGE_GROUPS)
    for (const [name, text] of Object.entries(group.messages)) {
      const key = `${group.key}.${name}`;
      if (/\{\w+\}/.test(text)) templates.push({ template: text, key });
      else if (!texts.has(text)) texts.set(text, key);
    }
  return texts;
}

// The key of a contract message and the values it was written with, or null for a text that is no contract message
// (a provider's own words, a message from a newer server)
export function findMessage(message: string): FoundMessage | null {
  exact ??= build();
  const key = exact.get(message);
  if (key) return { key, values: {} };
  for (const { template, key: templateKey } of templates) {
    const values = readTemplate(template, message);
    if (values) return { key: templateKey, values };
  }
  const cap = readSpendingCapMessage(message);
  if (cap) return { key: 'messages.spendingCap', values: cap };
  const minimum = readSaleBelowMinimumMessage(message);
  if (minimum)
    return {
      key:
        minimum.discountPercent > 0
          ? 'widgetMessages.saleBelowMinimumAfterDiscount'
          : 'widgetMessages.saleBelowMinimum',
      values: minimum,
    };
  return null;
}
