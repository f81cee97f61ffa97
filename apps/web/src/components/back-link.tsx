import type { ReactNode } from 'react';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

// The small link above a detail page back to the list it was opened from
export function BackLink({ to, iconSize = 14, children }: { to: string; iconSize?: number; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={iconSize} />
        {children}
      </Group>
    </Anchor>
  );
}
