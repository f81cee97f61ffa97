import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

// One titled block of the company settings (SPEC §2: basic info, bank details, contracting, contacts)
export function FormSection({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" data-testid={testId}>
      <Stack gap="lg">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
