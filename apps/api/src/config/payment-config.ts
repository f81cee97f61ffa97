// Card payments' environment (PAYMENT_PROVIDER and each provider's keys), read with the rest of the configuration; the
// payments module builds its providers from it (modules/payments/providers/index.ts#createPaymentProviders).
export type PaymentProviderName = 'sandbox' | 'stripe' | 'tap';

export type PaymentConfig = {
  provider: PaymentProviderName;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  // the browser's half of the Stripe account: Stripe.js and its Payment Element confirm the card with it
  stripePublishableKey?: string;
  stripeApiBase?: string;
  tapSecretKey?: string;
  tapApiBase?: string;
};

const PROVIDER_NAMES: readonly PaymentProviderName[] = ['sandbox', 'stripe', 'tap'];

function isProviderName(value: string): value is PaymentProviderName {
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
