import type { ReactNode } from 'react';
import { Alert, Button, Container, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';

// Under the header, on every page, for the agency's admins: something about to stop their bookings (yellow, with the
// banner's own icon) or stopping them now (red, a warning sign), in a sentence, with the link that deals with it
// (none on the page it leads to)
export function HeaderBanner({
  isUrgent,
  icon,
  testId,
  kind,
  action,
  children,
}: {
  isUrgent: boolean;
  icon: ReactNode;
  testId: string;
  kind: string;
  action: { to: string; label: string } | null;
  children: ReactNode;
}) {
  return (
    <Container size="xl" pt="md">
      <Alert
        color={isUrgent ? 'red' : 'yellow'}
        variant="light"
        icon={isUrgent ? <IconAlertTriangle size={20} /> : icon}
        data-testid={testId}
        data-kind={kind}
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" maw={760}>
            {children}
          </Text>
          {action && (
            <Button component={Link} to={action.to} size="xs" color={isUrgent ? 'red' : 'yellow.8'}>
              {action.label}
            </Button>
          )}
        </Group>
      </Alert>
    </Container>
  );
}
