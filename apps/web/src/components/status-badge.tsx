import { Badge } from '@mantine/core';
import type { BadgeProps, MantineColor } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

type StatusBadgeProps<Status extends string> = Omit<BadgeProps, 'color' | 'variant' | 'children'> & {
  status: Status;
  colors: Record<Status, MantineColor>;
  // where the statuses' texts are: `${textKeys}.${status}`
  textKeys: string;
  testId?: string;
  // a span, for a badge that also shows inside a paragraph
  isInline?: boolean;
};

// A status in its colour and the language on screen; the status itself stays readable as data-status
export function StatusBadge<Status extends string>({
  status,
  colors,
  textKeys,
  testId,
  isInline = false,
  ...badge
}: StatusBadgeProps<Status>) {
  const { t } = useTranslation();
  return (
    <Badge
      component={isInline ? 'span' : 'div'}
      color={colors[status]}
      variant="light"
      data-testid={testId}
      data-status={status}
      {...badge}
    >
      {t(`${textKeys}.${status}`)}
    </Badge>
  );
}
