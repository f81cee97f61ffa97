import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { BOOKING_MESSAGES, Email } from '@portal/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { acceptFormPosts } from '../../lib/form-body.ts';
import { escapeHtml } from '../../lib/html.ts';
import { currencyDecimals, formatMajor } from './providers/amount.ts';
import { findSandboxCharge, transitionSandboxCharge, type SandboxChargeRow } from './providers/sandbox-charges.repo.ts';
import { buildSandboxEvent, sandboxPayPath } from './providers/sandbox.ts';

export type SandboxPayPageDeps = {
  db: Db;
  secret: string;
  // The booking engine's webhook handler: the same code path as a provider's real webhook.
  deliver: (rawBody: Buffer, headers: Record<string, string>) => Promise<void>;
};

export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000000000003220',
} as const;

export const SANDBOX_MESSAGES = {
  declined: 'Your card was declined.',
  incorrectNumber: 'Your card number is incorrect.',
  invalidExpiry: "Your card's expiration date is incomplete.",
  expired: "Your card's expiration date is in the past.",
  invalidCvc: "Your card's security code is incomplete.",
  // SPEC §8: a card form sent with a field left empty, and a wallet sheet closed or sent without the payer's details
  enterCardDetails: BOOKING_MESSAGES.enterCardDetails,
  personalInformation: BOOKING_MESSAGES.personalInformation,
  cancelled: 'You cancelled this payment.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

// The hosted page speaks the payer's language, as a provider's does (issue 9: it was English on the Russian site)
type Lang = 'en' | 'ru';
const SANDBOX_MESSAGES_RU: Record<keyof typeof SANDBOX_MESSAGES, string> = {
  declined: 'Ваша карта отклонена.',
  incorrectNumber: 'Неверный номер карты.',
  invalidExpiry: 'Срок действия карты указан не полностью.',
  expired: 'Срок действия карты истёк.',
  invalidCvc: 'Код безопасности карты указан не полностью.',
  // the web's wording of the two SPEC messages (bookingMessages in its ru locale; a test holds them equal)
  enterCardDetails: 'Пожалуйста, введите данные банковской карты',
  personalInformation: 'Пожалуйста, укажите личные данные, чтобы завершить бронирование',
  cancelled: 'Вы отменили этот платёж.',
  authenticationFailed: 'Не удалось подтвердить способ оплаты. Выберите другой способ оплаты и попробуйте снова.',
};

// A provider's message (stored in English, as the provider sent it) in the page's language
function message(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  const key = (Object.keys(SANDBOX_MESSAGES) as (keyof typeof SANDBOX_MESSAGES)[]).find(
    (k) => SANDBOX_MESSAGES[k] === text,
  );
  return key ? SANDBOX_MESSAGES_RU[key] : text;
}

const TEXTS = {
  en: {
    badge: 'Sandbox · test mode',
    payByCard: 'Pay by card',
    cardNumber: 'Card number',
    expiry: 'Expiry',
    expiryPlaceholder: 'MM / YY',
    cvc: 'CVC',
    nameOnCard: 'Name on card',
    pay: 'Pay',
    cancel: 'Cancel and return',
    testCards:
      '<strong>Test cards</strong> (any future expiry date, any 3-digit CVC, any name):<br><code>4242 4242 4242 4242</code> succeeds<br><code>4000 0000 0000 0002</code> is declined<br><code>4000 0000 0000 3220</code> asks for a 3-D Secure confirmation<br>any other number is rejected as incorrect. No real card is charged.',
    challengeTitle: '3-D Secure confirmation',
    challengeHeading: 'Confirm this payment',
    challengeText: (last4: string) =>
      `Your bank asks you to confirm the payment with card ending in <strong>${last4}</strong>. This is a test confirmation step.`,
    complete: 'Complete',
    fail: 'Fail',
    pending: 'Payment pending',
    succeeded: ['Payment successful', 'This payment is complete; you will not be charged again.'],
    refunded: ['Payment refunded', 'This payment was refunded.'],
    failed: ['Payment failed', 'Nothing was charged. Return to start a new payment.'],
    cancelled: ['Payment cancelled', 'This payment was cancelled. Nothing was charged.'],
    cardEnding: (last4: string) => `Card ending in ${last4}.`,
    back: 'Return',
    notFoundTitle: 'Payment not found',
    notFoundText: 'This payment link is not valid.',
    errorTitle: 'Payment error',
    errorHeading: 'Something went wrong',
    incompleteForm: 'The payment form was incomplete. Go back and try again.',
    walletButton: 'Pay with test wallet',
    orByCard: 'or pay by card',
    walletTitle: 'Test wallet',
    walletClose: 'Close',
    walletContact: 'Your details',
    walletName: 'Full name',
    walletEmail: 'E-mail',
    walletNote:
      'Stands in for Apple Pay and Google Pay: the card in this wallet is the test card 4242. No real wallet is charged.',
  },
  ru: {
    badge: 'Песочница · тестовый режим',
    payByCard: 'Оплата картой',
    cardNumber: 'Номер карты',
    expiry: 'Срок действия',
    expiryPlaceholder: 'ММ / ГГ',
    cvc: 'CVC',
    nameOnCard: 'Имя на карте',
    pay: 'Оплатить',
    cancel: 'Отменить и вернуться',
    testCards:
      '<strong>Тестовые карты</strong> (любой будущий срок действия, любой трёхзначный CVC, любое имя):<br><code>4242 4242 4242 4242</code> — оплата проходит<br><code>4000 0000 0000 0002</code> — карта отклонена<br><code>4000 0000 0000 3220</code> — нужно подтверждение 3-D Secure<br>любой другой номер отклоняется как неверный. Настоящие карты не списываются.',
    challengeTitle: 'Подтверждение 3-D Secure',
    challengeHeading: 'Подтвердите платёж',
    challengeText: (last4: string) =>
      `Банк просит подтвердить платёж картой, оканчивающейся на <strong>${last4}</strong>. Это тестовый шаг подтверждения.`,
    complete: 'Подтвердить',
    fail: 'Отказать',
    pending: 'Платёж обрабатывается',
    succeeded: ['Платёж прошёл', 'Платёж завершён; повторно деньги не спишутся.'],
    refunded: ['Платёж возвращён', 'Этот платёж возвращён.'],
    failed: ['Платёж не прошёл', 'Деньги не списаны. Вернитесь, чтобы начать новый платёж.'],
    cancelled: ['Платёж отменён', 'Этот платёж отменён. Деньги не списаны.'],
    cardEnding: (last4: string) => `Карта, оканчивающаяся на ${last4}.`,
    back: 'Вернуться',
    notFoundTitle: 'Платёж не найден',
    notFoundText: 'Эта ссылка на оплату недействительна.',
    errorTitle: 'Ошибка оплаты',
    errorHeading: 'Что-то пошло не так',
    incompleteForm: 'Форма оплаты заполнена не полностью. Вернитесь и попробуйте снова.',
    walletButton: 'Оплатить тестовым кошельком',
    orByCard: 'или оплатите картой',
    walletTitle: 'Тестовый кошелёк',
    walletClose: 'Закрыть',
    walletContact: 'Ваши данные',
    walletName: 'Имя и фамилия',
    walletEmail: 'Эл. почта',
    walletNote:
      'Заменяет Apple Pay и Google Pay: в этом кошельке тестовая карта 4242. Настоящий кошелёк не списывается.',
  },
} as const;

const paramsSchema = z.object({ id: z.string().min(1).max(100) });
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
const formSchema = z.discriminatedUnion('step', [
  cardFormSchema,
  challengeFormSchema,
  cancelFormSchema,
  walletFormSchema,
  walletDismissSchema,
]);
const pageQuerySchema = z.object({ sheet: z.literal('wallet').optional() }).catch({});
type CardForm = z.infer<typeof cardFormSchema>;
type WalletForm = z.infer<typeof walletFormSchema>;

// The card the test wallet holds: a wallet pays with a card of the payer's, here the sandbox's succeeding one
const WALLET_CARD = SANDBOX_TEST_CARDS.succeeds;

// Not wrapped in fastify-plugin on purpose: the form-body parser stays inside this plugin's scope.
export function sandboxPayPage(deps: SandboxPayPageDeps): FastifyPluginAsync {
  return async (app) => {
    acceptFormPosts(app);

    app.get('/api/payments/sandbox/pay/:id', async (request, reply) => {
      const charge = await loadCharge(deps.db, request);
      if (!charge) return sendPage(reply, 404, null, notFoundPage());
      if (charge.status === 'pending')
        return sendPage(
          reply,
          200,
          charge,
          pageQuerySchema.parse(request.query).sheet === 'wallet'
            ? walletSheetPage(charge, null, null)
            : cardPage(charge, null, null),
        );
      if (charge.status === 'requires_action') return sendPage(reply, 200, charge, challengePage(charge));
      return sendPage(reply, 200, charge, outcomePage(charge));
    });

    app.post('/api/payments/sandbox/pay/:id', async (request, reply) => {
      const charge = await loadCharge(deps.db, request);
      if (!charge) return sendPage(reply, 404, null, notFoundPage());
      const form = formSchema.safeParse(request.body ?? {});
      if (!form.success)
        return sendPage(reply, 400, charge, errorPage(TEXTS[charge.language].incompleteForm, charge.language));
      const toPage = () => reply.header('cache-control', 'no-store').redirect(sandboxPayPath(charge.id), 303);

      // Like a real hosted page's cancel URL: the charge is closed and the portal told before the agent is back
      if (form.data.step === 'cancel') {
        const cancelled = await transitionSandboxCharge(deps.db, charge.id, ['pending', 'requires_action'], {
          status: 'cancelled',
          failureMessage: SANDBOX_MESSAGES.cancelled,
        });
        return cancelled
          ? finish(cancelled, request, reply)
          : reply.header('cache-control', 'no-store').redirect(charge.returnUrl, 303);
      }

      if (form.data.step === 'challenge') {
        const succeeded = form.data.outcome === 'complete';
        const settled = await transitionSandboxCharge(deps.db, charge.id, ['requires_action'], {
          status: succeeded ? 'succeeded' : 'failed',
          failureMessage: succeeded ? null : SANDBOX_MESSAGES.authenticationFailed,
        });
        return settled ? finish(settled, request, reply) : toPage();
      }

      if (charge.status !== 'pending') return toPage();

      // A wallet's sheet closed: nothing was paid nor changed; the card page says what the wallet needed
      if (form.data.step === 'wallet-dismiss')
        return sendPage(reply, 200, charge, cardPage(charge, null, SANDBOX_MESSAGES.personalInformation));
      if (form.data.step === 'wallet') {
        const wallet = form.data;
        if (!hasPersonalInformation(wallet))
          return sendPage(reply, 422, charge, walletSheetPage(charge, wallet, SANDBOX_MESSAGES.personalInformation));
        // the same move and event as a card's: the portal cannot tell them apart, and credits once either way
        const settled = await transitionSandboxCharge(deps.db, charge.id, ['pending'], {
          status: 'succeeded',
          failureMessage: null,
          cardLast4: WALLET_CARD.slice(-4),
        });
        return settled ? finish(settled, request, reply) : toPage();
      }

      const card = form.data;
      const problem = validateCard(card, new Date());
      if (problem) return sendPage(reply, 422, charge, cardPage(charge, card, problem));
      const digits = card.cardNumber.replace(/[\s-]/g, '');
      const last4 = digits.slice(-4);
      if (digits === SANDBOX_TEST_CARDS.authentication) {
        await transitionSandboxCharge(deps.db, charge.id, ['pending'], { status: 'requires_action', cardLast4: last4 });
        return toPage();
      }
      const succeeded = digits === SANDBOX_TEST_CARDS.succeeds;
      const settled = await transitionSandboxCharge(deps.db, charge.id, ['pending'], {
        status: succeeded ? 'succeeded' : 'failed',
        failureMessage: succeeded ? null : SANDBOX_MESSAGES.declined,
        cardLast4: last4,
      });
      return settled ? finish(settled, request, reply) : toPage();
    });
  };

  // Only the request that moved the charge to its final state delivers the event: no double notification.
  async function finish(charge: SandboxChargeRow, request: FastifyRequest, reply: FastifyReply) {
    const status = charge.status === 'succeeded' || charge.status === 'cancelled' ? charge.status : 'failed';
    const { rawBody, headers } = buildSandboxEvent(
      charge.id,
      { status, failureMessage: charge.failureMessage },
      deps.secret,
    );
    try {
      await deps.deliver(rawBody, headers);
    } catch (error) {
      // The charge is settled either way; the booking engine reconciles with retrieveCharge.
      request.log.error({ err: error, chargeId: charge.id }, 'sandbox webhook delivery failed');
    }
    return reply.header('cache-control', 'no-store').redirect(charge.returnUrl, 303);
  }
}

async function loadCharge(db: Db, request: FastifyRequest): Promise<SandboxChargeRow | null> {
  const params = paramsSchema.safeParse(request.params);
  return params.success ? findSandboxCharge(db, params.data.id) : null;
}

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

// Route-specific CSP: no scripts at all; the form may post here and the browser may follow our redirect to the return URL.
function pageCsp(charge: SandboxChargeRow | null): string {
  const returnOrigin = charge && URL.canParse(charge.returnUrl) ? new URL(charge.returnUrl).origin : null;
  const formAction = ["'self'", returnOrigin && returnOrigin !== 'null' ? returnOrigin : null]
    .filter(Boolean)
    .join(' ');
  return `default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action ${formAction}; frame-ancestors 'self'; base-uri 'none'`;
}

function sendPage(reply: FastifyReply, status: number, charge: SandboxChargeRow | null, html: string) {
  return reply
    .code(status)
    .header('content-security-policy', pageCsp(charge))
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(html);
}

export function formatMoney(amountMinor: number, currency: string): string {
  const [whole = '0', fraction] = formatMajor(amountMinor, currencyDecimals(currency)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency.toUpperCase()} ${fraction === undefined ? grouped : `${grouped}.${fraction}`}`;
}

const STYLE = `*{box-sizing:border-box}body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f4f5fb;color:#1b1f3b}
main{max-width:440px;margin:40px auto;padding:0 16px}.card{background:#fff;border:1px solid #dde1f3;border-radius:12px;padding:24px;box-shadow:0 6px 24px rgba(38,55,170,.08)}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#8a5a00;background:#fff3d6;border-radius:999px;padding:2px 10px}
h1{font-size:20px;margin:12px 0 4px}.amount{font-size:28px;font-weight:700;color:#2637AA;margin:0}.desc{color:#556;margin:4px 0 20px}
label{display:block;font-size:13px;font-weight:600;margin:12px 0 4px}input{width:100%;font:inherit;padding:10px 12px;border:1px solid #c8cde6;border-radius:8px}
input:focus{outline:2px solid #2637AA;border-color:#2637AA}.row{display:flex;gap:12px}.row>div{flex:1}
button{width:100%;font:inherit;font-weight:600;margin-top:20px;padding:12px;border:0;border-radius:8px;background:#2637AA;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#b42318;border:1px solid #b42318;margin-top:10px}.error{color:#b42318;background:#fef3f2;border:1px solid #fecdca;border-radius:8px;padding:8px 12px;margin:0 0 12px}
.ok{color:#067647}.fail{color:#b42318}.cards{font-size:13px;color:#556;margin-top:20px;border-top:1px solid #eef0f8;padding-top:12px}
.cards code{font-size:13px;background:#f4f5fb;padding:1px 6px;border-radius:4px}a{color:#2637AA}.cancel{display:block;text-align:center;margin-top:14px;font-size:14px}
button.link{background:none;color:#2637AA;text-decoration:underline;font-weight:400;font-size:14px;margin-top:14px;padding:0}
button.wallet{background:#000;margin-top:4px}.or{display:flex;align-items:center;gap:10px;color:#556;font-size:13px;margin:18px 0 12px}
.or::before,.or::after{content:"";flex:1;border-top:1px solid #dde1f3}
.scrim{position:fixed;inset:0;background:rgba(15,18,40,.55)}
.sheet{position:fixed;left:50%;top:50%;transform:translate(-50%,-50%);width:min(420px,calc(100% - 32px));max-height:calc(100% - 32px);overflow:auto;background:#fff;border-radius:16px;padding:20px 24px 24px;box-shadow:0 12px 48px rgba(0,0,0,.3)}
.sheet-head{display:flex;align-items:center;justify-content:space-between;gap:12px}.sheet-head h2{font-size:18px;margin:0}
.sheet-head button.close{width:auto;margin:0;padding:6px 12px;background:#f4f5fb;color:#1b1f3b;font-weight:600}
.sheet-pay{display:flex;justify-content:space-between;gap:12px;margin:16px 0 8px;color:#556}.sheet-pay strong{color:#1b1f3b;white-space:nowrap}
.sheet-card{margin:0 0 12px;padding:10px 12px;background:#f4f5fb;border-radius:8px;font-weight:600}
fieldset{border:0;margin:0;padding:0}legend{font-weight:600;padding:0}.note{font-size:13px;color:#556;margin:14px 0 0}
@media (max-width:480px){.sheet{left:0;right:0;top:auto;bottom:0;transform:none;width:100%;max-height:90%;border-radius:16px 16px 0 0}}`;

// A sheet (the test wallet's) shows over the page, which stays behind it but out of reach (inert) until it is closed
function layout(title: string, body: string, lang: Lang, sheet = ''): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main${sheet ? ' inert' : ''}><div class="card"><span class="badge">${escapeHtml(TEXTS[lang].badge)}</span>${body}</div></main>${sheet}</body></html>`;
}

function summary(charge: SandboxChargeRow): string {
  return `<p class="amount">${escapeHtml(formatMoney(charge.amountMinor, charge.currency))}</p><p class="desc">${escapeHtml(charge.description)}</p>`;
}

function cardPage(charge: SandboxChargeRow, values: CardForm | null, error: string | null): string {
  return layout(TEXTS[charge.language].payByCard, cardBody(charge, values, error), charge.language);
}

// novalidate: an empty field is the server's to answer, with SPEC §8's message, not the browser's own bubble
function cardBody(charge: SandboxChargeRow, values: CardForm | null, error: string | null): string {
  const lang = charge.language;
  const t = TEXTS[lang];
  const value = (text: string | undefined) => escapeHtml(text ?? '');
  // the wallet's message over the wallet's button, a card's over the card's fields
  const shown = error ? `<p class="error" role="alert">${escapeHtml(message(error, lang))}</p>` : '';
  const isWallet = error === SANDBOX_MESSAGES.personalInformation;
  return `<h1>${escapeHtml(t.payByCard)}</h1>${summary(charge)}
${isWallet ? shown : ''}
<form method="get" action="${escapeHtml(sandboxPayPath(charge.id))}"><input type="hidden" name="sheet" value="wallet">
<button type="submit" class="wallet">${escapeHtml(t.walletButton)}</button></form>
<p class="or"><span>${escapeHtml(t.orByCard)}</span></p>
${isWallet ? '' : shown}
<form method="post" action="${escapeHtml(sandboxPayPath(charge.id))}" autocomplete="on" novalidate>
<input type="hidden" name="step" value="card">
<label for="cardNumber">${escapeHtml(t.cardNumber)}</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required value="${value(values?.cardNumber)}">
<div class="row"><div><label for="expiry">${escapeHtml(t.expiry)}</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="${escapeHtml(t.expiryPlaceholder)}" maxlength="7" required value="${value(values?.expiry)}"></div>
<div><label for="cvc">${escapeHtml(t.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required value="${value(values?.cvc)}"></div></div>
<label for="name">${escapeHtml(t.nameOnCard)}</label><input id="name" name="name" autocomplete="cc-name" maxlength="120" required value="${value(values?.name)}">
<button type="submit">${escapeHtml(t.pay)} ${escapeHtml(formatMoney(charge.amountMinor, charge.currency))}</button>
</form>
${cancelForm(charge)}
<div class="cards">${t.testCards}</div>`;
}

// The test wallet's sheet over the card page, as Apple Pay's or Google Pay's opens over a merchant's: the card it
// holds, the payer's details it asks for, Pay, and Close (which pays nothing)
function walletSheetPage(charge: SandboxChargeRow, values: WalletForm | null, error: string | null): string {
  const lang = charge.language;
  const t = TEXTS[lang];
  const action = escapeHtml(sandboxPayPath(charge.id));
  const amount = escapeHtml(formatMoney(charge.amountMinor, charge.currency));
  const sheet = `<div class="scrim"></div>
<section class="sheet" role="dialog" aria-modal="true" aria-labelledby="wallet-title">
<div class="sheet-head"><h2 id="wallet-title">${escapeHtml(t.walletTitle)}</h2>
<form method="post" action="${action}"><input type="hidden" name="step" value="wallet-dismiss"><button type="submit" class="close">${escapeHtml(t.walletClose)}</button></form></div>
<p class="sheet-pay"><span>${escapeHtml(charge.description)}</span><strong>${amount}</strong></p>
<p class="sheet-card">Visa •••• ${escapeHtml(WALLET_CARD.slice(-4))}</p>
${error ? `<p class="error" role="alert">${escapeHtml(message(error, lang))}</p>` : ''}
<form method="post" action="${action}" autocomplete="on" novalidate>
<input type="hidden" name="step" value="wallet">
<fieldset><legend>${escapeHtml(t.walletContact)}</legend>
<label for="wallet-name">${escapeHtml(t.walletName)}</label><input id="wallet-name" name="name" autocomplete="name" maxlength="120" required value="${escapeHtml(values?.name ?? '')}">
<label for="wallet-email">${escapeHtml(t.walletEmail)}</label><input id="wallet-email" name="email" type="email" autocomplete="email" maxlength="254" required value="${escapeHtml(values?.email ?? '')}"></fieldset>
<button type="submit">${escapeHtml(t.pay)} ${amount}</button>
</form>
<p class="note">${escapeHtml(t.walletNote)}</p>
</section>`;
  return layout(t.walletTitle, cardBody(charge, null, null), lang, sheet);
}

// A form, not a link: cancelling changes the charge, and the portal hears of it before the agent is back
function cancelForm(charge: SandboxChargeRow): string {
  return `<form method="post" action="${escapeHtml(sandboxPayPath(charge.id))}">
<input type="hidden" name="step" value="cancel"><button type="submit" class="link">${escapeHtml(TEXTS[charge.language].cancel)}</button></form>`;
}

function challengePage(charge: SandboxChargeRow): string {
  const t = TEXTS[charge.language];
  return layout(
    t.challengeTitle,
    `<h1>${escapeHtml(t.challengeHeading)}</h1>${summary(charge)}
<p>${t.challengeText(escapeHtml(charge.cardLast4 ?? '····'))}</p>
<form method="post" action="${escapeHtml(sandboxPayPath(charge.id))}">
<input type="hidden" name="step" value="challenge">
<button type="submit" name="outcome" value="complete">${escapeHtml(t.complete)}</button>
<button type="submit" name="outcome" value="fail" class="secondary">${escapeHtml(t.fail)}</button>
</form>
${cancelForm(charge)}`,
    charge.language,
  );
}

function outcomePage(charge: SandboxChargeRow): string {
  const lang = charge.language;
  const t = TEXTS[lang];
  const texts: Record<SandboxChargeRow['status'], readonly [string, string, string]> = {
    pending: [t.pending, '', ''],
    requires_action: [t.pending, '', ''],
    succeeded: [t.succeeded[0], 'ok', t.succeeded[1]],
    refunded: [t.refunded[0], 'ok', t.refunded[1]],
    failed: [t.failed[0], 'fail', t.failed[1]],
    cancelled: [t.cancelled[0], 'fail', t.cancelled[1]],
  };
  const [title, tone, note] = texts[charge.status];
  return layout(
    title,
    `<h1 class="${tone}">${escapeHtml(title)}</h1>${summary(charge)}
${charge.failureMessage ? `<p class="error">${escapeHtml(message(charge.failureMessage, lang))}</p>` : ''}
${charge.cardLast4 ? `<p>${escapeHtml(t.cardEnding(charge.cardLast4))}</p>` : ''}
<p>${escapeHtml(note)}</p>
<a class="cancel" href="${escapeHtml(charge.returnUrl)}">${escapeHtml(t.back)}</a>`,
    lang,
  );
}

function notFoundPage(): string {
  const t = TEXTS.en;
  return layout(t.notFoundTitle, `<h1>${t.notFoundTitle}</h1><p>${t.notFoundText}</p>`, 'en');
}

function errorPage(text: string, lang: Lang): string {
  const t = TEXTS[lang];
  return layout(t.errorTitle, `<h1 class="fail">${escapeHtml(t.errorHeading)}</h1><p>${escapeHtml(text)}</p>`, lang);
}
