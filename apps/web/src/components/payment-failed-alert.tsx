import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { BOOKING_MESSAGES } from '@portal/contract';
import { translateMessage } from '@/lib/i18n';
import { ErrorAlert } from './error-alert';

type PaymentFailedAlertProps = {
  // a payment the agent cancelled has its own title; one that failed says so
  cancelledTitle: string | null;
  testId: string;
  // the data attributes the page's tests read (the payment's status)
  data: Record<`data-${string}`, string | undefined>;
  children: ReactNode;
};

// A card payment that did not go through (a booking's, a top-up's): why, and what the agent can do next
export function PaymentFailedAlert({ cancelledTitle, testId, data, children }: PaymentFailedAlertProps) {
  return (
    <ErrorAlert
      iconSize={22}
      title={cancelledTitle ?? translateMessage(BOOKING_MESSAGES.paymentFailed)}
      testId={testId}
      {...data}
    >
      <Stack gap="sm" align="flex-start">
        {children}
      </Stack>
    </ErrorAlert>
  );
}
