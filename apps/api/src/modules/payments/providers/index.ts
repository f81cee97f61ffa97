import type { Db } from '../../../db/client.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createTapProvider } from './tap.ts';

export type PaymentConfig = {
  provider: ProviderName;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  // the browser's half of the Stripe account: Stripe.js and its Payment Element confirm the card with it
  stripePublishableKey?: string;
  stripeApiBase?: string;
  tapSecretKey?: string;
  tapApiBase?: string;
};

export type PaymentProviders = { default: PaymentProvider; byName: (name: ProviderName) => PaymentProvider | null };

const PROVIDER_NAMES: readonly ProviderName[] = ['sandbox', 'stripe', 'tap'];

function isProviderName(value: string): value is ProviderName {
  return PROVIDER_NAMES.some((name) => name === value);
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function optionalUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = optional(env, name);
  if (value === undefined) return undefined;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value;
}

export function loadPaymentConfig(env: NodeJS.ProcessEnv): PaymentConfig {
  const provider = (optional(env, 'PAYMENT_PROVIDER') ?? 'sandbox').toLowerCase();
  if (!isProviderName(provider))
    throw new Error(`PAYMENT_PROVIDER must be one of ${PROVIDER_NAMES.join(', ')}, got "${provider}"`);
  const config: PaymentConfig = {
    provider,
    stripeSecretKey: optional(env, 'STRIPE_SECRET_KEY'),
    stripeWebhookSecret: optional(env, 'STRIPE_WEBHOOK_SECRET'),
    stripePublishableKey: optional(env, 'STRIPE_PUBLISHABLE_KEY'),
    stripeApiBase: optionalUrl(env, 'STRIPE_API_BASE'),
    tapSecretKey: optional(env, 'TAP_SECRET_KEY'),
    tapApiBase: optionalUrl(env, 'TAP_API_BASE'),
  };
  if (provider === 'stripe') {
    const missing = [
      config.stripeSecretKey ? null : 'STRIPE_SECRET_KEY',
      config.stripeWebhookSecret ? null : 'STRIPE_WEBHOOK_SECRET',
      config.stripePublishableKey ? null : 'STRIPE_PUBLISHABLE_KEY',
    ].filter(Boolean);
    if (missing.length > 0) throw new Error(`PAYMENT_PROVIDER=stripe needs ${missing.join(' and ')}`);
    if (!config.stripePublishableKey?.startsWith('pk_'))
      throw new Error('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…), never the secret key');
  }
  if (provider === 'tap' && !config.tapSecretKey) throw new Error('PAYMENT_PROVIDER=tap needs TAP_SECRET_KEY');
  return config;
}

// The sandbox is always available (its pay page and webhooks); Stripe and Tap only when their keys are configured.
// The Stripe SDK is loaded only then: it would add a tenth of a second to every start.
export async function createPaymentProviders(
  config: PaymentConfig,
  deps: { db: Db; publicBaseUrl: string; sandboxSecret: string },
): Promise<PaymentProviders> {
  const base = deps.publicBaseUrl.replace(/\/+$/, '');
  const providers: Partial<Record<ProviderName, PaymentProvider>> = {
    sandbox: createSandboxProvider({ db: deps.db, publicBaseUrl: base, secret: deps.sandboxSecret }),
  };
  if (config.stripeSecretKey && config.stripeWebhookSecret) {
    const { createStripeProvider } = await import('./stripe.ts');
    providers.stripe = createStripeProvider({
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret,
      apiBase: config.stripeApiBase,
    });
  }
  if (config.tapSecretKey) {
    providers.tap = createTapProvider({
      secretKey: config.tapSecretKey,
      apiBase: config.tapApiBase,
      webhookUrl: `${base}/api/payments/tap/webhook`,
    });
  }
  const chosen = providers[config.provider];
  if (!chosen) throw new Error(`Payment provider "${config.provider}" is not configured (missing keys)`);
  return { default: chosen, byName: (name) => providers[name] ?? null };
}
