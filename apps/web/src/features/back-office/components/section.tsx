import { useId, type ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title, type MantineSpacing } from '@mantine/core';

type SectionProps = {
  title: string;
  // a dimmed line under the title on what the section shows
  hint?: string;
  testId?: string;
  // the section's own id, for a link to it ('#failed-jobs')
  anchor?: string;
  // beside the title (a switch), and at the end of its line (a link)
  aside?: ReactNode;
  action?: ReactNode;
  gap?: MantineSpacing;
  // a note shown instead of the content while the section has nothing to show (false: it has)
  empty?: string | false;
  children: ReactNode;
};

// One framed part of a back-office page, named by its heading
export function Section({
  title,
  hint,
  testId,
  anchor,
  aside,
  action,
  gap = 'sm',
  empty = false,
  children,
}: SectionProps) {
  const titleId = useId();
  const heading = (
    <Title order={2} size="h4" id={titleId}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder p="md" component="section" id={anchor} aria-labelledby={titleId} data-testid={testId}>
      <Stack gap={gap}>
        {aside || action ? (
          <Group justify="space-between">
            <Group gap="sm">
              {heading}
              {aside}
            </Group>
            {action}
          </Group>
        ) : (
          heading
        )}
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {empty === false ? (
          children
        ) : (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
