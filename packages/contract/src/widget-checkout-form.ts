import { z } from 'zod';
import { parseTypedDate } from './calendar.ts';
import { CurrencyCode, Language } from './common.ts';
import { SHORT_MONTHS } from './constants.ts';
import { BOOKING_MESSAGES, CATALOGUE_MESSAGES, MESSAGES, WIDGET_CHECKOUT_MESSAGES } from './messages.ts';

// Issue 13 item 3: the forms of a widget shop's checkout (`/embedded`, `/embedded/checkout`), server-rendered and
// posted without script. Every field arrives as text; a name sent twice (`?adults=1&adults=2`) arrives as a list and
// is no answer. A field that is not one its schema takes gets the message the customer already sees for that field.

export { WIDGET_CHECKOUT_MESSAGES } from './messages.ts';

// SPEC §9: a date as the customer typed it — DD.MM.YYYY (also with / or -), YYYY-MM-DD, or as the page shows it
// ('27 Nov, 26', '27 нояб., 26') — as yyyy-MM-dd; null when it is no calendar date
export function parseShopDate(text: string): string | null {
  const typed = parseTypedDate(text);
  if (typed) return typed;
  const shown = /^(\d{1,2}) ([^\s,]+),? (\d{2})$/.exec(text.trim().toLowerCase());
  if (!shown) return null;
  const name = shown[2] ?? '';
  const month = [SHORT_MONTHS.en, SHORT_MONTHS.ru]
    .map((months) => months.findIndex((m) => m.toLowerCase() === name || m.toLowerCase().replace(/\.$/, '') === name))
    .find((i) => i >= 0);
  return month === undefined ? null : parseTypedDate(`20${shown[3]}-${pad(month + 1)}-${pad(Number(shown[1]))}`);
}

const pad = (n: number) => String(n).padStart(2, '0');

const FormText = (message: string) => z.string({ error: message });

// Which shop and how its pages show: its slug on the portal's hosts (a verified own domain names it by its host), the
// embed code's frame, and the language and currency the embed code asked for; anything else asks for nothing
export const WidgetShopQuery = z.object({
  widget: z.string().toLowerCase().catch(''),
  embed: z
    .string()
    .catch('')
    .transform((embed) => embed === '1'),
  language: Language.optional().catch(undefined),
  currency: CurrencyCode.optional().catch(undefined),
});
export type WidgetShopQuery = z.output<typeof WidgetShopQuery>;

// the option: a link names it; one that is missing or unreadable names no page (404), so it has no message
const OfferField = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .nullable()
  .catch(null);

// the date field: empty is no choice yet (''), a text that is no date has the field's message
const ShopDateField = FormText(WIDGET_CHECKOUT_MESSAGES.badDate)
  .trim()
  .refine((text) => text === '' || parseShopDate(text) !== null, WIDGET_CHECKOUT_MESSAGES.badDate)
  .transform((text) => (text === '' ? '' : (parseShopDate(text) ?? '')))
  .default('');

// a start time as the page's radio buttons send it; empty for an option open at any time (null)
const TimeField = FormText(BOOKING_MESSAGES.timeslotsNotAvailable)
  .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, BOOKING_MESSAGES.timeslotsNotAvailable)
  .transform((time) => time || null)
  .default(null);

// the party's fields (a number input from 0 to 99); empty keeps the page's default
const PeopleField = (empty: number) =>
  FormText(CATALOGUE_MESSAGES.peopleCount)
    .trim()
    .regex(/^(\d{1,2})?$/, CATALOGUE_MESSAGES.peopleCount)
    .transform((count) => (count === '' ? empty : Number(count)))
    .default(empty);

// The choice the ticket page sends to the checkout, and the checkout's post carries along: option, day, time, party
export const WidgetChoiceForm = z.object({
  offer: OfferField,
  date: ShopDateField,
  time: TimeField,
  adults: PeopleField(2),
  children: PeopleField(0),
  infants: PeopleField(0),
});
export type WidgetChoiceForm = z.output<typeof WidgetChoiceForm>;
export const WIDGET_CHOICE_DEFAULTS: WidgetChoiceForm = {
  offer: null,
  date: '',
  time: null,
  adults: 2,
  children: 0,
  infants: 0,
};

// The ticket page's own query (`/embedded`): the date as typed (shown again with the message when it is no date) and
// the day chosen before it, which stays when the text is no date
export const WidgetTicketQuery = WidgetChoiceForm.extend({
  date: FormText(WIDGET_CHECKOUT_MESSAGES.badDate).trim().default(''),
  was: ShopDateField.catch(''),
});
export type WidgetTicketQuery = z.output<typeof WidgetTicketQuery>;
export const WIDGET_TICKET_DEFAULTS: WidgetTicketQuery = { ...WIDGET_CHOICE_DEFAULTS, was: '' };

// The guest's details as the checkout's form posts them; the rules of each (CreateBookingBody) apply after this
const GuestText = FormText(MESSAGES.required).default('');
export const WidgetGuestForm = z.object({
  name: GuestText,
  email: GuestText,
  confirmEmail: GuestText,
  phone: GuestText,
  hotel: GuestText,
  // the pick-up hotel chosen from the list (its id)
  hotelId: GuestText,
  room: GuestText,
  notes: GuestText,
});
export type WidgetGuestForm = z.output<typeof WidgetGuestForm>;
export const WIDGET_GUEST_DEFAULTS: WidgetGuestForm = {
  name: '',
  email: '',
  confirmEmail: '',
  phone: '',
  hotel: '',
  hotelId: '',
  room: '',
  notes: '',
};

// A plain form read field by field: the values, each field that is not one its schema takes at its default, and the
// first message of each such field — so the page can be shown again with the messages beside the fields
export function readPlainForm<S extends z.ZodObject>(
  schema: S,
  input: unknown,
  defaults: z.output<S>,
): { values: z.output<S>; errors: Record<string, string> } {
  const fields: Record<string, unknown> = typeof input === 'object' && input !== null ? { ...input } : {};
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  const values: Record<string, unknown> = { ...defaults };
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const one = field.safeParse(fields[name]);
    if (one.success && !(name in errors)) values[name] = one.data;
  }
  return { values: values as z.output<S>, errors };
}
