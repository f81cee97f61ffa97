import type { ReactNode } from 'react';
import { Badge, Group, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconClock } from '@tabler/icons-react';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';

export type SelectionHeadingProps = {
  // id of the title, for the card's aria-labelledby
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  date: string;
  time?: string | null;
  // a third, grey badge: the ticket type on the tour page, the people at checkout
  note: ReactNode;
  // data-testid prefix of the date and time badges
  testId: string;
};

// The head of a booking card (tour page and checkout): what is being booked, for which day and time.
export function SelectionHeading({ id, eyebrow, title, subtitle, date, time, note, testId }: SelectionHeadingProps) {
  const { language } = useLocale();
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
        {eyebrow}
      </Text>
      <Title id={id} order={2} fz="lg" lh={1.3} mt={2}>
        {title}
      </Title>
      {subtitle && (
        <Text size="sm" c="gray.7">
          {subtitle}
        </Text>
      )}
      <Group gap={6} mt={subtitle ? 8 : 6}>
        <Badge variant="light" tt="none" leftSection={<IconCalendarEvent size={12} />} data-testid={`${testId}-date`}>
          {formatDate(date, language)}
        </Badge>
        {time && (
          <Badge variant="light" tt="none" leftSection={<IconClock size={12} />} data-testid={`${testId}-time`}>
            {time}
          </Badge>
        )}
        <Badge variant="light" color="gray" tt="none">
          {note}
        </Badge>
      </Group>
    </div>
  );
}
