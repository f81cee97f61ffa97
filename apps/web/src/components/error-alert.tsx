import { IconAlertTriangle } from '@tabler/icons-react';
import { NoticeAlert, type NoticeAlertProps } from './notice-alert';

type ErrorAlertProps = Omit<NoticeAlertProps, 'color' | 'icon' | 'role'> & { isAnnounced?: boolean };

// What went wrong or stands in the way, in red above the form or figures it is about; `isAnnounced` reads it out as
// soon as it appears (role="alert": a save that failed, a form sent back with errors)
export function ErrorAlert({ isAnnounced = false, iconSize = 20, ...props }: ErrorAlertProps) {
  return (
    <NoticeAlert
      color="red"
      icon={IconAlertTriangle}
      iconSize={iconSize}
      role={isAnnounced ? 'alert' : undefined}
      {...props}
    />
  );
}
