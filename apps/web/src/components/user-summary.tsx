import { Avatar, Box, Group, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { SessionUser } from '@/lib/session';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

export function UserSummary({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar color="brand" radius="xl" size={36}>
        {initials(user.name)}
      </Avatar>
      <Box miw={0}>
        <Text size="sm" fw={600} lh={1.2} truncate maw={180}>
          {user.name}
        </Text>
        <Text size="xs" c="dimmed" lh={1.2}>
          {t(`roles.${user.role}`)}
        </Text>
      </Box>
    </Group>
  );
}
