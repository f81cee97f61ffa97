import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';

export function EmptyState({ text }: { text: string }) {
  return (
    <Paper withBorder p="xl" bg="gray.0">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray">
          <IconMoodEmpty size={24} />
        </ThemeIcon>
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Paper>
  );
}
