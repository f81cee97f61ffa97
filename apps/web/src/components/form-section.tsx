import type { ReactNode } from 'react';
import { Paper, Stack } from '@mantine/core';
import { SectionHeading } from './section-heading';

// One titled block of a long form (the sign-up's company, contact and documents; the company settings' sections).
// As a fieldset its title is the legend that names the fields to assistive technology.
export function FormSection({
  title,
  description,
  testId,
  isFieldset = false,
  children,
}: {
  title: string;
  description?: string;
  testId?: string;
  isFieldset?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      data-testid={testId}
      {...(isFieldset ? { component: 'fieldset', style: { margin: 0, minWidth: 0 } } : { component: 'section' })}
    >
      <Stack gap="lg">
        <SectionHeading title={title} description={description} isLegend={isFieldset} />
        {children}
      </Stack>
    </Paper>
  );
}
