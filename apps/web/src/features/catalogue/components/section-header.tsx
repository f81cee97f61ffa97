import { Anchor, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type SectionHeaderProps = {
  id: string;
  title: string;
  subtitle?: string;
  link?: { to: string; label: string };
  children?: ReactNode;
};

export function SectionHeader({ id, title, subtitle, link, children }: SectionHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="xs">
      <div>
        <Title id={id} order={2} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" mt={4}>
            {subtitle}
          </Text>
        )}
      </div>
      {link && (
        <Anchor component={Link} to={link.to} fw={600} size="sm">
          {link.label}
        </Anchor>
      )}
      {children}
    </Group>
  );
}
