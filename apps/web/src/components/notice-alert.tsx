import { Alert, type AlertProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

export type NoticeAlertProps = Omit<AlertProps, 'icon' | 'variant'> & {
  icon: Icon;
  iconSize?: number;
  testId?: string;
};

// A light alert led by its icon: where a booking, a payment or an account stands, or what needs the agent's eye
export function NoticeAlert({ icon: NoticeIcon, iconSize = 22, testId, ...props }: NoticeAlertProps) {
  return <Alert variant="light" icon={<NoticeIcon size={iconSize} />} data-testid={testId} {...props} />;
}
