import type { AppConfig } from '../../config/env.ts';
import type { ProviderName } from './providers/provider.ts';

// A Stripe charge is paid on our page (Stripe.js and its Payment Element): its client secret goes to the browser with
// the account's publishable key. Hosted pages (sandbox, Tap) need none.
export function publishableKeyFor(payment: { provider: ProviderName }, config: AppConfig): string | null {
  return payment.provider === 'stripe' ? (config.payment.stripePublishableKey ?? null) : null;
}
