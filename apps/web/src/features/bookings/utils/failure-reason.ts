import { BOOKING_MESSAGES, CATALOGUE_MESSAGES, MESSAGES, MONEY_MESSAGES } from '@portal/contract';

// Issue 31: a refused booking as the analytics keep it — the refusal's message by its key (`bookingMessages.outOfStock`,
// never its words), the field it named and the status; nothing the agent typed about the guest
const GROUPS: Record<string, Record<string, string>> = {
  messages: MESSAGES,
  catalogueMessages: CATALOGUE_MESSAGES,
  bookingMessages: BOOKING_MESSAGES,
  moneyMessages: MONEY_MESSAGES,
};
const CODE = /^[A-Za-z][A-Za-z0-9_.]{0,79}$/;

export type FailureReason = { reason: string; props: { field?: string; status: number } };

function keyOf(message: string): string | null {
  for (const [group, messages] of Object.entries(GROUPS))
    for (const [key, text] of Object.entries(messages)) if (text === message) return `${group}.${key}`;
  return null;
}

// The API client's error (ApiError: status, kind, items, body), read by its shape
export function failureReason(error: unknown): FailureReason {
  if (typeof error !== 'object' || error === null) return { reason: 'unknown', props: { status: 0 } };
  const e = error as { status?: unknown; kind?: unknown; items?: unknown; body?: unknown };
  const status = typeof e.status === 'number' && e.status >= 0 && e.status <= 599 ? e.status : 0;
  if (e.kind === 'network') return { reason: 'network', props: { status } };
  const item = Array.isArray(e.items) ? (e.items[0] as { fieldName?: unknown; errorMessage?: unknown }) : undefined;
  const message = typeof item?.errorMessage === 'string' ? item.errorMessage : typeof e.body === 'string' ? e.body : '';
  const field = typeof item?.fieldName === 'string' && CODE.test(item.fieldName) ? item.fieldName : undefined;
  return {
    reason: keyOf(message.trim()) ?? `status_${status}`,
    props: { ...(field ? { field } : {}), status },
  };
}
