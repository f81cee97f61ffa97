import { Button } from '@mantine/core';
import type { BookingFilters } from '@portal/contract';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { useFilteredDownload } from '@/lib/use-filtered-download';

type FilteredDownloadButtonProps = {
  download: ReturnType<typeof useFilteredDownload>;
  // the filters on screen, which the spreadsheet follows
  filters: BookingFilters;
  label: string;
  testId: string;
  isDisabled?: boolean;
};

// A list's xlsx download, busy while the file is on its way
export function FilteredDownloadButton({ download, filters, label, testId, isDisabled }: FilteredDownloadButtonProps) {
  return (
    <Button
      variant="light"
      leftSection={<IconFileSpreadsheet size={18} />}
      loading={download.isPending}
      disabled={isDisabled}
      onClick={() => download.mutate(filters)}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
