import { htmlDocument, raw, type Child, type Markup } from '../../lib/jsx/markup.ts';
import type { JSX } from '../../lib/jsx/jsx-runtime.ts';
import { translator, type Translate } from '../../lib/i18n.ts';
import { currencyDecimals, formatMajor } from './providers/amount.ts';
import type { SandboxChargeRow } from './providers/sandbox-charges.repo.ts';
import { sandboxPayPath } from './providers/sandbox.ts';
import { SANDBOX_MESSAGES, WALLET_CARD, message, type CardForm, type Lang, type WalletForm } from './sandbox-cards.ts';

// The sandbox's hosted pay page (sandbox-page.ts serves it): the card form, the test wallet's sheet, the 3-D Secure
// step and the outcome, in the payer's language. JSX (src/lib/jsx): every value is escaped on its way into the markup.

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
function layout(title: string, body: Child, lang: Lang, sheet: Markup | null = null): string {
  return htmlDocument(
    <html lang={lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{title}</title>
        <style>{raw(STYLE)}</style>
      </head>
      <body>
        <main inert={sheet !== null}>
          <div class="card">
            <span class="badge">{translator(lang, 'sandbox')('badge')}</span>
            {body}
          </div>
        </main>
        {sheet}
      </body>
    </html>,
    '<!doctype html>',
  );
}

function Summary({ charge }: { charge: SandboxChargeRow }): Markup {
  return (
    <>
      <p class="amount">{formatMoney(charge.amountMinor, charge.currency)}</p>
      <p class="desc">{charge.description}</p>
    </>
  );
}

export function cardPage(charge: SandboxChargeRow, values: CardForm | null, error: string | null): string {
  return layout(
    translator(charge.language, 'sandbox')('payByCard'),
    <CardBody charge={charge} values={values} error={error} />,
    charge.language,
  );
}

// A required field and its label; what was typed comes back in it
function Field({ label, value, ...input }: JSX.IntrinsicElements['input'] & { id: string; label: string }): Markup {
  return (
    <>
      <label for={input.id}>{label}</label>
      <input {...input} required value={value ?? ''} />
    </>
  );
}

// novalidate: an empty field is the server's to answer, with SPEC §8's message, not the browser's own bubble
function CardBody({
  charge,
  values,
  error,
}: {
  charge: SandboxChargeRow;
  values: CardForm | null;
  error: string | null;
}): Markup {
  const lang = charge.language;
  const t = translator(lang, 'sandbox');
  // the wallet's message over the wallet's button, a card's over the card's fields
  const shown = error ? (
    <p class="error" role="alert">
      {message(error, lang)}
    </p>
  ) : null;
  const isWallet = error === SANDBOX_MESSAGES.personalInformation;
  return (
    <>
      <h1>{t('payByCard')}</h1>
      <Summary charge={charge} />
      {isWallet ? shown : null}
      <form method="get" action={sandboxPayPath(charge.id)}>
        <input type="hidden" name="sheet" value="wallet" />
        <button type="submit" class="wallet">
          {t('walletButton')}
        </button>
      </form>
      <p class="or">
        <span>{t('orByCard')}</span>
      </p>
      {isWallet ? null : shown}
      <form method="post" action={sandboxPayPath(charge.id)} autocomplete="on" novalidate>
        <input type="hidden" name="step" value="card" />
        <Field
          id="cardNumber"
          name="cardNumber"
          label={t('cardNumber')}
          inputmode="numeric"
          autocomplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxlength="23"
          value={values?.cardNumber}
        />
        <div class="row">
          <div>
            <Field
              id="expiry"
              name="expiry"
              label={t('expiry')}
              autocomplete="cc-exp"
              placeholder={t('expiryPlaceholder')}
              maxlength="7"
              value={values?.expiry}
            />
          </div>
          <div>
            <Field
              id="cvc"
              name="cvc"
              label={t('cvc')}
              inputmode="numeric"
              autocomplete="cc-csc"
              placeholder="123"
              maxlength="4"
              value={values?.cvc}
            />
          </div>
        </div>
        <Field
          id="name"
          name="name"
          label={t('nameOnCard')}
          autocomplete="cc-name"
          maxlength="120"
          value={values?.name}
        />
        <button type="submit">
          {t('pay')} {formatMoney(charge.amountMinor, charge.currency)}
        </button>
      </form>
      <CancelForm charge={charge} />
      <TestCards t={t} />
    </>
  );
}

// The test cards (sandbox-cards.ts#SANDBOX_TEST_CARDS, grouped as the payer types them) and what each does
function TestCards({ t }: { t: Translate<'sandbox'> }): Markup {
  return (
    <div class="cards">
      <strong>{t('testCards.title')}</strong> {t('testCards.rules')}
      <br />
      <code>4242 4242 4242 4242</code> {t('testCards.succeeds')}
      <br />
      <code>4000 0000 0000 0002</code> {t('testCards.declined')}
      <br />
      <code>4000 0000 0000 3220</code> {t('testCards.challenge')}
      <br />
      {t('testCards.other')}
    </div>
  );
}

// The test wallet's sheet over the card page, as Apple Pay's or Google Pay's opens over a merchant's: the card it
// holds, the payer's details it asks for, Pay, and Close (which pays nothing)
export function walletSheetPage(charge: SandboxChargeRow, values: WalletForm | null, error: string | null): string {
  const lang = charge.language;
  const t = translator(lang, 'sandbox');
  const action = sandboxPayPath(charge.id);
  const amount = formatMoney(charge.amountMinor, charge.currency);
  const sheet = (
    <>
      <div class="scrim"></div>
      <section class="sheet" role="dialog" aria-modal="true" aria-labelledby="wallet-title">
        <div class="sheet-head">
          <h2 id="wallet-title">{t('walletTitle')}</h2>
          <form method="post" action={action}>
            <input type="hidden" name="step" value="wallet-dismiss" />
            <button type="submit" class="close">
              {t('walletClose')}
            </button>
          </form>
        </div>
        <p class="sheet-pay">
          <span>{charge.description}</span>
          <strong>{amount}</strong>
        </p>
        <p class="sheet-card">Visa •••• {WALLET_CARD.slice(-4)}</p>
        {error ? (
          <p class="error" role="alert">
            {message(error, lang)}
          </p>
        ) : null}
        <form method="post" action={action} autocomplete="on" novalidate>
          <input type="hidden" name="step" value="wallet" />
          <fieldset>
            <legend>{t('walletContact')}</legend>
            <Field
              id="wallet-name"
              name="name"
              label={t('walletName')}
              autocomplete="name"
              maxlength="120"
              value={values?.name}
            />
            <Field
              id="wallet-email"
              name="email"
              label={t('walletEmail')}
              type="email"
              autocomplete="email"
              maxlength="254"
              value={values?.email}
            />
          </fieldset>
          <button type="submit">
            {t('pay')} {amount}
          </button>
        </form>
        <p class="note">{t('walletNote')}</p>
      </section>
    </>
  );
  return layout(t('walletTitle'), <CardBody charge={charge} values={null} error={null} />, lang, sheet);
}

// A form, not a link: cancelling changes the charge, and the portal hears of it before the agent is back
function CancelForm({ charge }: { charge: SandboxChargeRow }): Markup {
  return (
    <form method="post" action={sandboxPayPath(charge.id)}>
      <input type="hidden" name="step" value="cancel" />
      <button type="submit" class="link">
        {translator(charge.language, 'sandbox')('cancel')}
      </button>
    </form>
  );
}

export function challengePage(charge: SandboxChargeRow): string {
  const t = translator(charge.language, 'sandbox');
  return layout(
    t('challengeTitle'),
    <>
      <h1>{t('challengeHeading')}</h1>
      <Summary charge={charge} />
      <p>
        {t('challengeText.beforeCard')} <strong>{charge.cardLast4 ?? '····'}</strong>
        {t('challengeText.afterCard')}
      </p>
      <form method="post" action={sandboxPayPath(charge.id)}>
        <input type="hidden" name="step" value="challenge" />
        <button type="submit" name="outcome" value="complete">
          {t('complete')}
        </button>
        {'\n'}
        <button type="submit" name="outcome" value="fail" class="secondary">
          {t('fail')}
        </button>
      </form>
      <CancelForm charge={charge} />
    </>,
    charge.language,
  );
}

export function outcomePage(charge: SandboxChargeRow): string {
  const lang = charge.language;
  const t = translator(lang, 'sandbox');
  const texts: Record<SandboxChargeRow['status'], readonly [string, string, string]> = {
    pending: [t('pending'), '', ''],
    requires_action: [t('pending'), '', ''],
    succeeded: [t('succeeded.title'), 'ok', t('succeeded.text')],
    refunded: [t('refunded.title'), 'ok', t('refunded.text')],
    failed: [t('failed.title'), 'fail', t('failed.text')],
    cancelled: [t('cancelled.title'), 'fail', t('cancelled.text')],
  };
  const [title, tone, note] = texts[charge.status];
  return layout(
    title,
    <>
      <h1 class={tone}>{title}</h1>
      <Summary charge={charge} />
      {charge.failureMessage ? <p class="error">{message(charge.failureMessage, lang)}</p> : null}
      {charge.cardLast4 ? <p>{t('cardEnding', { last4: charge.cardLast4 })}</p> : null}
      <p>{note}</p>
      <a class="cancel" href={charge.returnUrl}>
        {t('back')}
      </a>
    </>,
    lang,
  );
}

export function notFoundPage(): string {
  const t = translator('en', 'sandbox');
  return layout(
    t('notFoundTitle'),
    <>
      <h1>{t('notFoundTitle')}</h1>
      <p>{t('notFoundText')}</p>
    </>,
    'en',
  );
}

// a post that is none of the page's forms
export function incompleteFormPage(lang: Lang): string {
  const t = translator(lang, 'sandbox');
  return layout(
    t('errorTitle'),
    <>
      <h1 class="fail">{t('errorHeading')}</h1>
      <p>{t('incompleteForm')}</p>
    </>,
    lang,
  );
}
