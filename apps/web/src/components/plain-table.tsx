import type { CSSProperties, ReactNode } from 'react';
import { rem } from '@mantine/core';
import classes from './plain-table.module.css';

type PlainTableProps = {
  verticalSpacing: number;
  horizontalSpacing: number;
  // 'auto': as wide as its columns (Mantine's w="auto")
  width?: 'auto';
  testId?: string;
  children: ReactNode;
};

// A small price table drawn like Mantine's Table without row borders. Mantine's Table imports its scroll container,
// which brings ScrollArea (about 5 KB on the wire) to the tour page's and the checkout's first load (issue 32);
// these tables never scroll. Cells are plain <th>/<td> or Mantine's Box with component="td" for style props.
export function PlainTable({ verticalSpacing, horizontalSpacing, width, testId, children }: PlainTableProps) {
  const style = {
    '--plain-table-py': rem(verticalSpacing),
    '--plain-table-px': rem(horizontalSpacing),
    width,
  } as CSSProperties;
  return (
    <table className={classes.table} style={style} data-testid={testId}>
      {children}
    </table>
  );
}
