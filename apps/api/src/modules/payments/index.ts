// What other modules may use of payments (lint: nothing else is imported from outside this folder).
export type { ChargeRequest, PaymentOwner, PaymentOwnerKind, PaymentsService } from './payments.service.ts';
export { latestPaymentFor, type PaymentOwnerKey, type PaymentRecord } from './payments.repo.ts';
export type { ProviderName } from './providers/provider.ts';
export { publishableKeyFor } from './publishable-key.ts';
// the sandbox's test card numbers (its pay page lists them; the demo history and tests pay with them)
export { SANDBOX_TEST_CARDS } from './sandbox-cards.ts';
