import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

// What went wrong or stands in the way, in red above the form or figures it is about; `isAnnounced` reads it out as
// soon as it appears (role="alert": a save that failed, a form sent back with errors)
export function ErrorAlert({
  testId,
  isAnnounced = false,
  children,
}: {
  testId: string;
  isAnnounced?: boolean;
  children: ReactNode;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      role={isAnnounced ? 'alert' : undefined}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
