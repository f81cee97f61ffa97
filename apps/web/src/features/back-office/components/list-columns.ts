import type { TFunction } from '@/lib/i18n';
import type { ReactNode } from 'react';
import type { ListColumn } from './list-table';

type ColumnOptions<Row> = Pick<ListColumn<Row>, 'align' | 'tdProps'>;

// A list's columns headed by texts kept together in the translations: the column `key` is headed `${textKeys}.${key}`
export function columnsUnder<Row>(t: TFunction, textKeys: string) {
  return (key: string, cell: (row: Row) => ReactNode, options: ColumnOptions<Row> = {}): ListColumn<Row> => ({
    key,
    title: t(`${textKeys}.${key}`),
    ...options,
    cell,
  });
}
