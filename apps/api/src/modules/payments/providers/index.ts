import type { Db } from '../../../db/client.ts';
import type { PaymentConfig } from '../../../config/payment-config.ts';
import type { PaymentProvider, ProviderName } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';
import { createTapProvider } from './tap.ts';

export type PaymentProviders = { default: PaymentProvider; byName: (name: ProviderName) => PaymentProvider | null };

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
