import type { ReactNode } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';
import { NoticeAlert } from './notice-alert';

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
    <NoticeAlert
      color="red"
      icon={IconAlertTriangle}
      iconSize={20}
      role={isAnnounced ? 'alert' : undefined}
      testId={testId}
    >
      {children}
    </NoticeAlert>
  );
}
