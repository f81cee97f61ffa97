import { BOOKING_MESSAGES, Email, SANDBOX_CARD_MESSAGES } from '@portal/contract';
import { z } from 'zod';
import { translateMessage } from '../../lib/i18n.ts';

// The sandbox provider's hosted pay page (sandbox-page.ts): its test cards and wallet, what its forms may send, how a
// card is checked, and the messages it answers with, in the payer's language.

export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000000000003220',
} as const;

// SPEC §8's two messages besides the provider's own answers; their words in each language are packages/i18n's
export const SANDBOX_MESSAGES = {
  ...SANDBOX_CARD_MESSAGES,
  // SPEC §8: a card form sent with a field left empty, and a wallet sheet closed or sent without the payer's details
  enterCardDetails: BOOKING_MESSAGES.enterCardDetails,
  personalInformation: BOOKING_MESSAGES.personalInformation,
} as const;

// The hosted page speaks the payer's language, as a provider's does (issue 9: it was English on the Russian site)
export type Lang = 'en' | 'ru';

// A provider's message (stored in English, as the provider sent it) in the page's language
export function message(text: string, lang: Lang): string {
  return translateMessage(lang, text);
}

const cardFormSchema = z.object({
  step: z.literal('card'),
  cardNumber: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().max(120).default(''),
});
const challengeFormSchema = z.object({ step: z.literal('challenge'), outcome: z.enum(['complete', 'fail']) });
const cancelFormSchema = z.object({ step: z.literal('cancel') });
const walletFormSchema = z.object({
  step: z.literal('wallet'),
  name: z.string().max(120).default(''),
  email: z.string().max(254).default(''),
});
const walletDismissSchema = z.object({ step: z.literal('wallet-dismiss') });
export const formSchema = z.discriminatedUnion('step', [
  cardFormSchema,
  challengeFormSchema,
  cancelFormSchema,
  walletFormSchema,
  walletDismissSchema,
]);
export const pageQuerySchema = z.object({ sheet: z.literal('wallet').optional() }).catch({});
export type CardForm = z.infer<typeof cardFormSchema>;
export type WalletForm = z.infer<typeof walletFormSchema>;

// The card the test wallet holds: a wallet pays with a card of the payer's, here the sandbox's succeeding one
export const WALLET_CARD = SANDBOX_TEST_CARDS.succeeds;

export function validateCard(card: CardForm, now: Date): string | null {
  if ([card.cardNumber, card.expiry, card.cvc, card.name].some((field) => field.trim() === ''))
    return SANDBOX_MESSAGES.enterCardDetails;
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!Object.values(SANDBOX_TEST_CARDS).some((number) => number === digits)) return SANDBOX_MESSAGES.incorrectNumber;
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  const yearText = expiry?.[2] ?? '';
  if (!expiry || month < 1 || month > 12) return SANDBOX_MESSAGES.invalidExpiry;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return SANDBOX_MESSAGES.expired;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return SANDBOX_MESSAGES.invalidCvc;
  return null;
}

// What a wallet's sheet asks of the payer besides the card it holds: a name and an e-mail address
export function hasPersonalInformation(wallet: Pick<WalletForm, 'name' | 'email'>): boolean {
  return wallet.name.trim() !== '' && Email.safeParse(wallet.email).success;
}
