// Stripe.js, from Stripe's own address (Stripe's terms: never bundled or self-hosted), loaded once and only when a
// card form is shown. The types are the few calls the card form makes.
const STRIPE_JS = 'https://js.stripe.com/v3/';

export type StripeError = { message?: string; type?: string; code?: string };
// what the Payment Element says as the payer types or picks a method: `value.type` is 'card', 'apple_pay',
// 'google_pay'…
export type StripePaymentElementChange = { complete: boolean; empty: boolean; value?: { type?: string } };
export type StripePaymentElement = {
  mount: (element: HTMLElement) => void;
  destroy: () => void;
  on: {
    (event: 'ready' | 'loaderror', handler: (event: { error?: StripeError }) => void): void;
    (event: 'change', handler: (event: StripePaymentElementChange) => void): void;
  };
};
export type StripePaymentElementOptions = {
  layout?: 'tabs' | 'accordion' | 'auto';
  // Apple Pay and Google Pay: 'auto' shows each where the browser, the device's wallet and the Stripe account allow
  wallets?: { applePay?: 'auto' | 'never'; googlePay?: 'auto' | 'never' };
};
export type StripeElements = {
  create: (type: 'payment', options?: StripePaymentElementOptions) => StripePaymentElement;
};
export type StripeClient = {
  elements: (options: {
    clientSecret: string;
    locale?: string;
    appearance?: Record<string, unknown>;
  }) => StripeElements;
  confirmPayment: (options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }) => Promise<{ error?: StripeError; paymentIntent?: { id: string; status: string } }>;
};
type StripeConstructor = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

let loading: Promise<StripeConstructor> | null = null;

function loadScript(): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not start')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Stripe.js could not load'));
    };
    document.head.append(script);
  });
}

// One client per publishable key; a failed load is tried again on the next call (the agent's Try again)
const clients = new Map<string, StripeClient>();
export async function loadStripe(publishableKey: string): Promise<StripeClient> {
  const known = clients.get(publishableKey);
  if (known) return known;
  loading ??= loadScript().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  const client = (await loading)(publishableKey);
  clients.set(publishableKey, client);
  return client;
}
