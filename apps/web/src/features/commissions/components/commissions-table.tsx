import { Anchor, Table, Text } from '@mantine/core';
import type { CommissionRow } from '@portal/contract';
import { Link } from 'react-router';
import { Money } from '@/components/money';
import { BookedBy, MarginStatusBadge } from '@/components/sale-channel';
import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { TourAndOption } from '@/components/tour-and-option';
import { ScrollTable } from '@/components/scroll-table';

type CommissionsTableProps = {
  rows: readonly CommissionRow[];
  hrefFor: (id: string) => string;
  showAgent: boolean;
};

const MONEY = ['published', 'net', 'commission'] as const;

// One row per completed booking: what it was sold at, what it cost the agency, what it earned
export function CommissionsTable({ rows, hrefFor, showAgent }: CommissionsTableProps) {
  const { language } = useLocale();
  return (
    <ScrollTable
      minWidth={showAgent ? 980 : 860}
      striped
      highlightOnHover
      verticalSpacing="xs"
      testId="commissions-table"
      textKeys="commissions.columns"
      cells={[
        'reference',
        'travelDate',
        'tour',
        'guestName',
        { key: 'people', breaksAtSlashes: true },
        showAgent && 'agent',
        ...MONEY.map((figure) => ({ key: figure, isMoney: true })),
      ]}
    >
      {rows.map((row) => (
        <Table.Tr key={row.id} data-testid="commission-row" data-reference={row.reference}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Anchor component={Link} to={hrefFor(row.id)} fw={700} size="sm">
              {row.reference}
            </Anchor>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {formatDate(row.travelDate, language)}
            {row.time && (
              <Text span size="xs" c="dimmed">
                {` · ${row.time}`}
              </Text>
            )}
          </Table.Td>
          <Table.Td miw={200}>
            <TourAndOption tour={row.tour} option={row.offer} />
          </Table.Td>
          {/* a guest's name: masked in support replay's recordings (issue 31) */}
          <Table.Td data-private>{row.guestName}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {row.adults}/{row.children}/{row.infants}
          </Table.Td>
          {showAgent && (
            <Table.Td>
              <BookedBy name={row.agent} channel={row.channel} />
            </Table.Td>
          )}
          {MONEY.map((figure) => (
            <Table.Td
              key={figure}
              ta="right"
              fw={figure === 'commission' ? 700 : undefined}
              c={figure === 'commission' ? (row.commission < 0 ? 'red.7' : 'brand.7') : undefined}
            >
              <Money amount={row[figure]} currency={row.currencyCode} testId={`row-${figure}`} />
              {figure === 'commission' && (
                <div>
                  <MarginStatusBadge status={row.marginStatus} />
                </div>
              )}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </ScrollTable>
  );
}
