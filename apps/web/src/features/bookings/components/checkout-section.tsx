import type { ComponentType, CSSProperties, ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

type CheckoutSectionProps = {
  id: string;
  icon: ComponentType<{ size?: number; style?: CSSProperties }>;
  title: string;
  children: ReactNode;
};

// One card of the checkout form: a titled section (the title names it for screen readers) with its fields.
export function CheckoutSection({ id, icon: Icon, title, children }: CheckoutSectionProps) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title id={id} order={2} fz="lg">
          <Icon size={20} style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
