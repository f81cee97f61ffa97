import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

type LabelledValueProps = {
  label: string;
  children: ReactNode;
  // the value in the text's own weight, not a little bolder (a page of facts rather than a card's figures)
  isPlain?: boolean;
  // '—' where the value is empty (a fact the record does not have)
  isDashWhenEmpty?: boolean;
  testId?: string;
};

// A value under its small grey label: a list card's figures, a detail page's facts
export function LabelledValue({
  label,
  children,
  isPlain = false,
  isDashWhenEmpty = false,
  testId,
}: LabelledValueProps) {
  const isEmpty = children === '' || children === null || children === undefined;
  return (
    <div style={{ minWidth: 0 }} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={isPlain ? undefined : 500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {isDashWhenEmpty && isEmpty ? '—' : children}
      </Text>
    </div>
  );
}
