import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
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
  missingName: 'Enter the name on the card.',
  cancelled: 'You cancelled this payment.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
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
const formSchema = z.discriminatedUnion('step', [cardFormSchema, challengeFormSchema, cancelFormSchema]);
type CardForm = z.infer<typeof cardFormSchema>;

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

// Not wrapped in fastify-plugin on purpose: the form-body parser stays inside this plugin's scope.
export function sandboxPayPage(deps: SandboxPayPageDeps): FastifyPluginAsync {
  return async (app) => {
    if (!app.hasContentTypeParser(FORM_CONTENT_TYPE)) {
      app.addContentTypeParser(
        FORM_CONTENT_TYPE,
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
        },
      );
    }

    app.get('/api/payments/sandbox/pay/:id', async (request, reply) => {
      const charge = await loadCharge(deps.db, request);
      if (!charge) return sendPage(reply, 404, null, notFoundPage());
      if (charge.status === 'pending') return sendPage(reply, 200, charge, cardPage(charge, null, null));
      if (charge.status === 'requires_action') return sendPage(reply, 200, charge, challengePage(charge));
      return sendPage(reply, 200, charge, outcomePage(charge));
    });

    app.post('/api/payments/sandbox/pay/:id', async (request, reply) => {
      const charge = await loadCharge(deps.db, request);
      if (!charge) return sendPage(reply, 404, null, notFoundPage());
      const form = formSchema.safeParse(request.body ?? {});
      if (!form.success)
        return sendPage(reply, 400, charge, errorPage('The payment form was incomplete. Go back and try again.'));
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
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!Object.values(SANDBOX_TEST_CARDS).some((number) => number === digits)) return SANDBOX_MESSAGES.incorrectNumber;
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  const yearText = expiry?.[2] ?? '';
  if (!expiry || month < 1 || month > 12) return SANDBOX_MESSAGES.invalidExpiry;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return SANDBOX_MESSAGES.expired;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return SANDBOX_MESSAGES.invalidCvc;
  if (card.name.trim() === '') return SANDBOX_MESSAGES.missingName;
  return null;
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

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
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
button.link{background:none;color:#2637AA;text-decoration:underline;font-weight:400;font-size:14px;margin-top:14px;padding:0}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><div class="card"><span class="badge">Sandbox · test mode</span>${body}</div></main></body></html>`;
}

function summary(charge: SandboxChargeRow): string {
  return `<p class="amount">${escapeHtml(formatMoney(charge.amountMinor, charge.currency))}</p><p class="desc">${escapeHtml(charge.description)}</p>`;
}

function cardPage(charge: SandboxChargeRow, values: CardForm | null, error: string | null): string {
  const value = (text: string | undefined) => escapeHtml(text ?? '');
  return layout(
    'Pay by card',
    `<h1>Pay by card</h1>${summary(charge)}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(sandboxPayPath(charge.id))}" autocomplete="on">
<input type="hidden" name="step" value="card">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required value="${value(values?.cardNumber)}">
<div class="row"><div><label for="expiry">Expiry</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7" required value="${value(values?.expiry)}"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required value="${value(values?.cvc)}"></div></div>
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" maxlength="120" required value="${value(values?.name)}">
<button type="submit">Pay ${escapeHtml(formatMoney(charge.amountMinor, charge.currency))}</button>
</form>
${cancelForm(charge)}
<div class="cards"><strong>Test cards</strong> (any future expiry date, any 3-digit CVC, any name):<br>
<code>4242 4242 4242 4242</code> succeeds<br><code>4000 0000 0000 0002</code> is declined<br>
<code>4000 0000 0000 3220</code> asks for a 3-D Secure confirmation<br>any other number is rejected as incorrect. No real card is charged.</div>`,
  );
}

// A form, not a link: cancelling changes the charge, and the portal hears of it before the agent is back
function cancelForm(charge: SandboxChargeRow): string {
  return `<form method="post" action="${escapeHtml(sandboxPayPath(charge.id))}">
<input type="hidden" name="step" value="cancel"><button type="submit" class="link">Cancel and return</button></form>`;
}

function challengePage(charge: SandboxChargeRow): string {
  return layout(
    '3-D Secure confirmation',
    `<h1>Confirm this payment</h1>${summary(charge)}
<p>Your bank asks you to confirm the payment with card ending in <strong>${escapeHtml(charge.cardLast4 ?? '····')}</strong>. This is a test confirmation step.</p>
<form method="post" action="${escapeHtml(sandboxPayPath(charge.id))}">
<input type="hidden" name="step" value="challenge">
<button type="submit" name="outcome" value="complete">Complete</button>
<button type="submit" name="outcome" value="fail" class="secondary">Fail</button>
</form>
${cancelForm(charge)}`,
  );
}

function outcomePage(charge: SandboxChargeRow): string {
  const texts: Record<SandboxChargeRow['status'], [string, string, string]> = {
    pending: ['Payment pending', '', ''],
    requires_action: ['Payment pending', '', ''],
    succeeded: ['Payment successful', 'ok', 'This payment is complete; you will not be charged again.'],
    refunded: ['Payment refunded', 'ok', 'This payment was refunded.'],
    failed: ['Payment failed', 'fail', 'Nothing was charged. Return to start a new payment.'],
    cancelled: ['Payment cancelled', 'fail', 'This payment was cancelled. Nothing was charged.'],
  };
  const [title, tone, note] = texts[charge.status];
  return layout(
    title,
    `<h1 class="${tone}">${escapeHtml(title)}</h1>${summary(charge)}
${charge.failureMessage ? `<p class="error">${escapeHtml(charge.failureMessage)}</p>` : ''}
${charge.cardLast4 ? `<p>Card ending in ${escapeHtml(charge.cardLast4)}.</p>` : ''}
<p>${escapeHtml(note)}</p>
<a class="cancel" href="${escapeHtml(charge.returnUrl)}">Return</a>`,
  );
}

function notFoundPage(): string {
  return layout('Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>');
}

function errorPage(message: string): string {
  return layout('Payment error', `<h1 class="fail">Something went wrong</h1><p>${escapeHtml(message)}</p>`);
}
