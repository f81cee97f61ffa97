import type { ReactNode } from 'react';
import { Text, Title, type TitleProps } from '@mantine/core';

// A part of a page or a form: its title, and the dimmed line under it that says what the part is for. In a fieldset
// the title is the fieldset's legend.
export function SectionHeading({
  title,
  description,
  size = 'h4',
  isLegend = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  size?: TitleProps['size'];
  isLegend?: boolean;
}) {
  return (
    <div>
      <Title order={2} size={size} {...(isLegend ? { component: 'legend', p: 0 } : {})}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
    </div>
  );
}
