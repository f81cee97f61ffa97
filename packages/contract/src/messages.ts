import { MIN_DATE } from './constants.ts';

// Every message the spec quotes, word for word (SPEC §5, §8). Every group here (`*_MESSAGES`) has its Russian in
// packages/i18n (src/messages.ts names each group's keys), where the web and the server's pages read it.

// A message with values in it: its template names them in braces ("{taken}"). The contract fills it in, and reads the
// values back out of a message the server wrote, so that the web and the shops say it in their language with them.
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

const templatePatterns = new Map<string, { pattern: RegExp; names: string[] } | null>();
function patternOf(template: string) {
  let found = templatePatterns.get(template);
  if (found === undefined) {
    const names: string[] = [];
    const source = template
      .split(/(\{\w+\})/)
      .map((piece) => {
        const name = /^\{(\w+)\}$/.exec(piece)?.[1];
        if (name) names.push(name);
        return name ? '(.+?)' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    found = names.length > 0 ? { pattern: new RegExp(`^${source}$`, 's'), names } : null;
    templatePatterns.set(template, found);
  }
  return found;
}

// The values of `message` if `template` wrote it, else null (also for a template without values)
export function readTemplate(template: string, message: string): Record<string, string> | null {
  const found = patternOf(template);
  const match = found?.pattern.exec(message);
  if (!found || !match) return null;
  return Object.fromEntries(found.names.map((name, i) => [name, match[i + 1] ?? '']));
}
export const MESSAGES = {
  loginIncorrect: 'Username or Password is incorrect',
  maintenance: 'Server is under maintenance',
  fileTooLarge: 'File is too large. Maximum size is 5MB.',
  validation: 'Validation error',
  companyForm: 'Check that the fields are filled in correctly',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  notFound: 'Not found',
  unauthorized: 'Unauthorized',
  forbidden: 'You do not have permission to do this',
  internal: 'Something went wrong on our side. Please try again.',
  required: 'This field is required',
  nameLettersOnly: 'Name must contain letters and spaces only',
  invalidEmail: 'Enter a valid email address',
  termsRequired: 'You must accept the terms of use',
  tradeLicenceRequired: 'Trade licence is required',
  emailTaken: 'An account with this email already exists',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  currentPasswordWrong: 'Current password is incorrect',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooWeak: 'Password must be at least 10 characters',
  bodyTooDeep: 'The request body is nested too deeply',
  controlCharacters: 'Text must not contain control characters',
  malformedBody: 'The request body is malformed',
  idOutOfRange: 'Must be a whole number from 1 to 2147483647',
  // a value of the wrong kind (a field that is there, but not as the contract describes it)
  expectedNumber: 'Must be a number',
  expectedText: 'Must be text',
  expectedBoolean: 'Must be true or false',
  expectedList: 'Must be a list',
  expectedObject: 'Must be an object',
  wrongType: 'This value has the wrong type',
  agencySuspended: 'Your agency has been suspended. Please contact an operator.',
  agencyNotApproved: 'Your agency has not been approved yet. Please contact an operator.',
  agencyRejected: "Your agency's registration was declined. Please contact an operator.",
  tooManyChecks: 'The server is busy checking passwords. Please try again in a few seconds.',
  passwordUnchanged: 'The new password must differ from the current one',
} as const;

export const ALLOWED_UPLOAD_FORMATS = ['PDF', 'JPG', 'PNG'] as const;
export const unsupportedFormatMessage = `Unsupported file format. Allowed formats: ${ALLOWED_UPLOAD_FORMATS.join(', ')}.`;

// SPEC §5, §8 word for word where quoted; the rest are ours
export const CATALOGUE_MESSAGES = {
  unknownStockWatch: 'This notify-me request was not found',
  wrongPromoCode: 'You entered the wrong promo code',
  dateFormat: 'Use the format yyyy-MM-dd',
  dateBeforeMin: `Dates before ${MIN_DATE} are not available`,
  fromAfterTo: 'The start date must not be after the end date',
  rangeTooLong: 'The date range cannot be longer than 366 days',
  wholeNumber: 'Must be a positive whole number',
  idsList: 'Use a comma-separated list of up to 50 offer ids',
  language: 'Language must be en or ru',
  currency: 'Currency must be aed or usd',
  unknownTour: 'Unknown tour',
  unknownOffer: 'Unknown offer',
  unknownImage: 'Unknown image',
  timeFormat: 'Use the format HH:mm',
  peopleCount: 'Enter a whole number from 0 to 99',
  dateInPast: 'Choose today or a later date',
  dateTooFar: 'Choose a date within a year from today',
  offerNotInTour: 'This option is not part of this tour',
  noSuchTime: 'This option has no such start time',
  unknownCountry: 'Unknown country',
  unknownCity: 'Unknown city',
  unknownCategory: 'Unknown category',
  unknownVideo: 'Unknown video',
  unknownHotelOrOffer: 'Unknown hotel or offer',
} as const;

export const BOOKING_MESSAGES = {
  outOfStock: 'Tickets out of stock',
  timeslotsNotAvailable: 'Timeslots are not available',
  noTickets: 'No tickets available',
  insufficientBalance: 'Your available balance is insufficient. Please Top Up on the My Balance Page.',
  completeGuestDetails: 'Please complete guest details above',
  personalInformation: 'Please enter your personal information to complete the booking',
  enterCardDetails: 'Please enter your credit card details',
  paymentFailed: 'Payment failed',
  tryAgain: 'Please try again',
  creditCardDisabled: 'Credit card payments are disabled for your agency. Please contact an operator.',
  // SPEC §8 "no automatic booking (request and contact operator)" and "cut-off time passed"
  noAutomaticBooking:
    'No automatic booking is possible for this option: your request has been sent to our operators, who will contact you.',
  cutOffPassed: 'The cut-off time for this date has passed.',
  // SPEC §5 invalidCityError
  invalidCity: 'The hotel is not in a pick-up city of this tour',
  uuidUsed: 'This uuid is already used for another booking',
  testBookingElsewhere: 'A test booking is paid and cancelled with its test API key, never in the portal',
  hotelRequired: 'Choose the pick-up hotel from the list',
  emailsDoNotMatch: 'Emails do not match',
  noPeople: 'Add at least one adult or child',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request',
  idempotencyRunning: 'A request with this Idempotency-Key is still being processed',
  idempotencyKeyFormat: 'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores',
  unknownBooking: 'Booking not found',
  notCancellable: 'This booking can no longer be cancelled',
  cancellationChanged: 'The cancellation terms have changed since you looked. Check them again before cancelling.',
  notPayable: 'This booking is not awaiting payment',
  paymentCancelled: 'The card payment was cancelled. Nothing was charged.',
  holdExpired: 'The hold on this booking has expired and nothing was charged. Please book again.',
  quoteExpired: 'This quotation has expired. Please send a new request.',
  notARequest: 'This booking is not an open quotation request',
  busy: 'This time slot is busy right now. Please try again.',
  nothingToCharge: 'There is nothing to charge to a card: book it from the company balance',
  amountCents: 'Enter an amount in whole cents, at least 0.01',
  documentsNotYet: 'The documents are issued once the booking is completed',
  noWidgetSaleInvoice: 'No invoice for a widget sale',
  unknownPayment: 'Unknown payment',
} as const;

// SPEC §5 top-up rules, §9 credit and invoices (the money pages)
export const MONEY_MESSAGES = {
  amountRequired: 'Enter the amount to top up',
  amountCents: 'Enter an amount in whole cents, greater than zero',
  // the limits themselves are shown beside the field (GET /b2b/balance/topupfee)
  amountBelowMinimum: 'The amount is below the minimum top-up',
  amountAboveMaximum: 'The amount is above the maximum top-up',
  wrongCurrency: "Top up in your agency's account currency",
  transferDateRequired: 'Enter the date of the transfer',
  transferDateFuture: 'The transfer date cannot be in the future',
  bankReferenceRequired: "Enter the bank's reference of the transfer",
  unknownTopUp: 'Top-up not found',
  notPending: 'This top-up is no longer waiting for a decision',
  // a proof of transfer goes with a declared bank transfer until the tours company has decided on it
  proofNotAllowed: 'A proof can be attached only to a bank transfer waiting for confirmation',
  rejectReasonRequired: 'Say why the transfer is rejected',
  statementRange: 'Choose a period of at most 366 days, the start not after the end',
  // SPEC §9: credit used in a month is due within 30 days of its end
  overdue: 'Your agency has an overdue balance. Please top up on the My Balance page to book from the balance again.',
  // SPEC §9: one tax invoice per month, from the 3rd of the next month (Asia/Dubai); a proforma until then
  invoiceNotYet: 'The tax invoice for this month can be downloaded from the 3rd of the next month',
  invoiceNothing: 'Nothing was charged to the balance in this month, so there is no invoice for it',
  proformaMonthClosed: 'This month is closed: download its tax invoice instead',
  monthInvalid: 'Choose a month from 1 to 12',
  yearInvalid: 'Choose a year from 2000 to 2100',
} as const;

// Company settings, agents and roles (SPEC §5 company form; the rest are ours)
export const COMPANY_MESSAGES = {
  // the summary above the company form when any field is wrong is SPEC §5's MESSAGES.companyForm
  invalidIban: 'Enter a valid IBAN (for example AE07 0331 2345 6789 0123 456)',
  invalidTrn: 'A UAE TRN has 15 digits and starts with 100',
  invalidSwift: 'Enter a valid SWIFT code of 8 or 11 characters',
  invalidPhone: 'Enter a valid phone number',
  contractDates: 'The contract cannot end before it starts',
  unknownFileKind: 'Unknown document',
  fileRequired: 'Choose a file to upload',
  licenceExpired:
    "Your agency's trade licence has expired. An admin must upload the renewed licence and its new expiry date in Company Settings before new bookings can be made.",
  unknownAgent: 'Agent not found',
  cannotDeleteSelf: 'You cannot delete your own user',
  cannotChangeOwnRole: 'You cannot change your own role',
  lastAdmin: 'The agency must keep at least one active admin',
  agentDeleted: 'This agent is deleted: restore them first',
  notDeleted: 'This agent is not deleted',
  alreadyVerified: 'This agent has already set a password',
  tooManyInvitations: 'You have sent many invitations in the last hour. Please try again later.',
  capAmount: 'Enter a cap in whole cents greater than zero, or leave it empty for no cap',
} as const;

// A booking that would pass the agent's monthly cap; amounts as shown to the agent (e.g. "AED 1,000.00")
export function spendingCapMessage(cap: string, left: string): string {
  return `This booking would pass your monthly spending cap of ${cap}: ${left} is left this month. Ask an admin of your agency to raise the cap.`;
}

// The amounts back out of a spending-cap message (the web shows it in the language on screen), else null
export function readSpendingCapMessage(message: string): { cap: string; left: string } | null {
  const match =
    /^This booking would pass your monthly spending cap of (.+): (.+) is left this month\. Ask an admin of your agency to raise the cap\.$/.exec(
      message,
    );
  return match?.[1] && match[2] ? { cap: match[1], left: match[2] } : null;
}

// The tours company's back office: agencies (issue "back office"; ours, not the SPEC's)
export const AGENCY_ADMIN_MESSAGES = {
  reasonRequired: 'Say why, in a sentence the agency will read',
  notPending: 'Only an agency waiting for approval can be approved or rejected',
  notApproved: 'Only an approved agency can be suspended',
  notSuspended: 'Only a suspended agency can be reinstated',
  unknownSite: 'Choose one of the sites',
  currencyLocked: 'The currency cannot change once the account has ledger entries, top-ups or bookings',
  creditLimitAmount: 'Enter a credit limit in whole cents, zero or more',
  creditLimitBelowDebt: 'The credit limit cannot be lower than what the agency owes now ({owed})',
  adjustmentAmount: 'Enter an amount in whole cents, greater than zero',
  adjustmentPastCredit: 'This debit would take the agency past its credit limit',
  // {status}: the agency's status as the contract names it (AgencyStatus: suspended, rejected)
  cannotApprove: 'Agency is {status} and cannot be approved',
} as const;

export function creditLimitBelowDebtMessage(owed: string): string {
  return fillTemplate(AGENCY_ADMIN_MESSAGES.creditLimitBelowDebt, { owed });
}

export function cannotApproveMessage(status: string): string {
  return fillTemplate(AGENCY_ADMIN_MESSAGES.cannotApprove, { status });
}

// The tours company's back office: catalogue and stock (issue 12; ours, not the SPEC's)
export const CATALOGUE_ADMIN_MESSAGES = {
  unknownTour: 'Unknown tour',
  unknownOffer: 'Unknown option',
  unknownSlot: 'Unknown time slot',
  unknownPhoto: 'Unknown photo',
  unknownPromoCode: 'Unknown promo code',
  unknownCity: 'Choose one of the cities',
  unknownCategory: 'Choose categories from the list',
  unknownTicketType: 'Choose one of the ticket types',
  unknownVideo: 'Choose one of the videos',
  urlFormat: 'Use lower-case letters, digits and hyphens, e.g. dubai-desert-safari',
  urlTaken: 'Another tour already has this address',
  startTimesRequired: 'Add at least one start time',
  startTimesUnique: 'Each start time once',
  openingHoursRequired: 'Enter the opening and closing times',
  closingBeforeOpening: 'The closing time must be after the opening time',
  peopleRange: 'The maximum must be at least the minimum',
  sameTicketCapacities: 'Enter the adult and child stock of a shared ticket',
  tiersOrder: 'Each hours value once, from 0 to 8760',
  percentRange: 'Enter a whole percent from 0 to 100',
  amount: 'Enter an amount in whole cents, zero or more',
  adultPricesRequired: 'Enter the net and recommended adult prices',
  tripPricesRequired: 'Enter the net and recommended trip prices',
  periodsOverlap: 'Price periods must not overlap',
  rangeOrder: 'The start date must not be after the end date',
  rangeTooLong: 'Choose at most 366 days',
  weekdaysRequired: 'Choose at least one weekday',
  capacityRange: 'Enter a whole number from 0 to 10000',
  slotsRequired: 'Choose at least one time slot',
  slotsOfOtherOffer: 'These time slots belong to another option',
  changeRequired: 'Choose a new stock, or close or open the slots',
  noTimesForOpeningHours: 'An option with opening hours has no start times',
  timeNotInOption: "Use the option's start times (add a new time to the option first)",
  photoRequired: 'Choose a JPEG or PNG photo',
  photoFormat: 'Upload a JPEG or PNG photo',
  codeFormat: 'Use 3 to 30 letters, digits, hyphens or underscores',
  codeTaken: 'This promo code already exists',
  stockBelowTaken: 'Stock cannot be lower than the {taken} seats already sold or held on {slot}',
} as const;

export function stockBelowTakenMessage(taken: number, slot: string): string {
  return fillTemplate(CATALOGUE_ADMIN_MESSAGES.stockBelowTaken, { taken, slot });
}

// The tours company's desk: bookings cancelled on an agency's behalf, card refunds (issue 12; ours, not the SPEC's)
export const DESK_MESSAGES = {
  overrideReasonRequired: 'Say why the fee differs from the policy',
  feeAmount: 'Enter the fee in whole minor units (fils or cents), zero or more',
  feeAbovePaid: 'The fee cannot be more than what was paid for the booking',
  nothingPaid: 'Nothing was paid for this booking, so there is no fee to set',
  unknownPayment: 'Payment not found',
  noRefundOwed: 'Nothing is owed back to this card',
  refundInProgress: 'The provider is still being asked about this refund. Try again in two minutes.',
  refundNotHeld: 'Only a refund the provider refused or has not confirmed can be recorded as made at the provider',
  // kept as the payment's failure message while a refund's answer is awaited (payments.service.ts)
  refundPending: 'Refund pending: the provider has not confirmed it yet',
} as const;

// The field checks of the contract's schemas that no group above words (ours)
export const FIELD_MESSAGES = {
  unknownOperator: 'Unknown operator',
  unknownSession: 'Unknown session',
  sessionId: 'Must be a session id',
  nameTooLong: 'At most 60 characters',
  accountNumber: 'Use digits, letters, spaces and dashes only',
  topUpMethod: 'Choose card or bank transfer',
  yearFrom: 'Choose a year from 2000',
  yearUpTo: 'Choose a year up to 2100',
  widgetType: 'Choose one of the widget types',
  partnersMax: 'Add at most 20 partners',
  optionsMax: 'Choose at most 100 options',
  agentStatus: 'Status must be all, normal, emailNotVerified or deleted',
  invalidJson: 'The request body is not valid JSON',
} as const;

// SPEC §5: the checkout's people limits, N filled in (catalogue.ts#peopleMessages)
export const PEOPLE_MESSAGES = {
  min: 'Minimum number of people: {n}',
  max: 'Maximum number of people: {n}',
  stock: 'No more available stock, max {n}. Please contact admin.',
} as const;

// The sandbox card provider's answers on its pay page, worded as a provider words them; a failed payment keeps its
// message, which the agent's booking and top-up pages show (payments/sandbox-cards.ts)
export const SANDBOX_CARD_MESSAGES = {
  declined: 'Your card was declined.',
  incorrectNumber: 'Your card number is incorrect.',
  invalidExpiry: "Your card's expiration date is incomplete.",
  expired: "Your card's expiration date is in the past.",
  invalidCvc: "Your card's security code is incomplete.",
  cancelled: 'You cancelled this payment.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

// The agency's widgets (SPEC §5, §8 word for word where quoted; the rest are ours)
export const WIDGET_MIN_MARGIN_PERCENT = 5;

export const WIDGET_MESSAGES = {
  // SPEC §8, word for word
  saveFailed: 'Failed to save the widget. Please try again.',
  // SPEC §5, word for word
  atLeastOneOffer: 'At least one offer must be selected',
  notFound: 'Widget not found',
  notAllowed: 'Widgets are not enabled for your agency. Please contact an operator to enable them.',
  unknownOffer: 'This option is no longer in the catalogue',
  offerTwice: 'Each option once',
  noSuchPrice: 'This option has no such price',
  priceRequired: 'Enter the sale price',
  singleTour: 'A single-tour widget sells the options of one tour only',
  domainFormat: 'Enter a domain name such as tours.example.com',
  domainTaken: 'Another widget already uses this domain',
  urlFormat: 'Enter a full address starting with https://',
  slugFormat: 'Use 3 to 60 lower-case letters, digits and hyphens',
  slugTaken: 'Another widget already has this address',
  percentRange: 'Enter a whole percent from 0 to 100',
  conversionId: 'Use letters, digits, hyphens, underscores and slashes',
  imageFormat: 'Upload a JPEG or PNG image',
  unknownImage: 'Upload the image again',
  invalidPhone: 'Enter a valid phone number',
  telegram: 'Enter a Telegram user name (5 to 32 letters, digits or _) or a t.me link',
} as const;

// The sale price's minimum in its message, e.g. "AED 151.20"; the discount when it moved the minimum
export function saleBelowMinimumMessage(minimum: string, discountPercent: number): string {
  return discountPercent > 0
    ? `The sale price must be at least ${minimum}: NET + ${WIDGET_MIN_MARGIN_PERCENT}% after the ${discountPercent}% discount`
    : `The sale price must be at least ${minimum}: NET + ${WIDGET_MIN_MARGIN_PERCENT}%`;
}

// The minimum back out of that message (the web shows it in the language on screen), else null
export function readSaleBelowMinimumMessage(message: string): { minimum: string; discountPercent: number } | null {
  const match = /^The sale price must be at least (.+): NET \+ \d+%(?: after the (\d+)% discount)?$/.exec(message);
  return match?.[1] ? { minimum: match[1], discountPercent: Number(match[2] ?? 0) } : null;
}

// Issue 30: the reseller API's keys and webhooks (the web shows them in the language on screen)
export const API_KEY_MESSAGES = {
  notAllowed: 'The reseller API is not enabled for your agency. Ask the tours company to switch it on.',
  unknownKey: 'Unknown API key',
  tooMany: 'An agency can have at most 20 active API keys. Revoke one you no longer use first.',
} as const;

export const MAX_WEBHOOK_ENDPOINTS = 10;
export const WEBHOOK_MESSAGES = {
  invalidUrl: 'Enter the full address of your endpoint, starting with https://',
  httpsOnly: 'Webhook endpoints must use https://',
  noEvents: 'Choose at least one event',
  tooMany: `An agency can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`,
  unknownEndpoint: 'Unknown webhook endpoint',
  unknownDelivery: 'Unknown webhook delivery',
  addressNotAllowed: 'This address cannot receive webhooks (a private, local or reserved network address)',
} as const;

// Issue 13 item 5: why a check of a widget's own domain failed, as the agency reads it on the widget page (stored
// with the status, in English; the web says it in the page's language with readDomainMessage)
export const WIDGET_DOMAIN_MESSAGES = {
  txtMissing: 'No TXT record {name} was found',
  txtWrong: "The TXT record {name} does not hold this widget's verification code",
  notPointed: '{domain} does not point to {target}: add a CNAME record',
  dnsFailed: 'The DNS look-up failed ({code}); the check runs again shortly',
  noDomain: "Enter the widget's domain on the General tab and save it first",
} as const;

export function domainMessage(
  key: keyof typeof WIDGET_DOMAIN_MESSAGES,
  values: { name?: string; domain?: string; target?: string; code?: string },
): string {
  return fillTemplate(WIDGET_DOMAIN_MESSAGES[key], values);
}

// A stored reason read back into its key and values (the web says it in the page's language)
export function readDomainMessage(
  reason: string,
): { key: keyof typeof WIDGET_DOMAIN_MESSAGES; values: Record<string, string> } | null {
  for (const key of Object.keys(WIDGET_DOMAIN_MESSAGES) as (keyof typeof WIDGET_DOMAIN_MESSAGES)[]) {
    const values = WIDGET_DOMAIN_MESSAGES[key] === reason ? {} : readTemplate(WIDGET_DOMAIN_MESSAGES[key], reason);
    if (values) return { key, values };
  }
  return null;
}

// SPEC §7 public widget call GET /widgets/tour/url/{url} (widget-public.ts): "if empty, fails with a Russian 'could
// not get data' error", so `noData` is Russian in every language
export const WIDGET_PUBLIC_MESSAGES = {
  noData: 'Не удалось получить данные',
  agencyGuid: 'Unknown agency',
} as const;

// Issue 13: the customer's checkout in a widget shop (server-rendered in the shop's language)
export const WIDGET_SALE_MESSAGES = {
  notOnline: 'This date cannot be booked online. Please choose another date or contact us.',
  priceMissing: 'This ticket type is not sold here. Please contact us.',
  notAvailable: 'This option cannot be booked online at the moment. Please contact us.',
  holdExpired: 'The 15 minutes to pay have passed and the seats were released. Please book again.',
  notPayable: 'This booking cannot be paid now.',
} as const;

// Issue 13 item 3: the widget shop's checkout forms (widget-checkout-form.ts)
export const WIDGET_CHECKOUT_MESSAGES = {
  // SPEC §9: a text in the date field that is no date
  badDate: 'Enter the date as DD.MM.YYYY.',
} as const;

// Issue 31 item 2: said to the operator when an Insight page's filter is refused (insight.ts)
export const INSIGHT_MESSAGES = {
  rangeOrder: 'The start date must not be after the end date',
  periodTooLong: 'Choose a period of at most 366 days',
  unknownSite: 'Unknown site',
  unknownAgency: 'Unknown agency',
} as const;

// Issue 31 item 3: said to the support-replay recorder when an upload is refused (replay.ts; it stops quietly)
export const REPLAY_MESSAGES = {
  notRecorded: 'This session is not recorded',
  tooLarge: 'The recording is too large',
  malformed: 'The recording is not a list of rrweb events',
} as const;
