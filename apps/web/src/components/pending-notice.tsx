import { IconHourglassHigh } from '@tabler/icons-react';
import { NoticeAlert, type NoticeAlertProps } from './notice-alert';

// Something waits for the operator: a booking sent as a request, an agency not yet approved
export function PendingNotice(props: Omit<NoticeAlertProps, 'color' | 'icon'>) {
  return <NoticeAlert color="yellow" icon={IconHourglassHigh} {...props} />;
}
