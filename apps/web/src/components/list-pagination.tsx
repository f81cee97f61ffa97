import { Center, Pagination } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

type ListPaginationProps = {
  total: number;
  onPage: number;
  page: number;
  onChange: (page: number) => void;
  isCompact: boolean;
  // where the controls' names are ('bookings.pagination'): each list's texts load with its page
  textKeys: string;
};

// A list's page links, nothing when everything fits on one page
export function ListPagination({ total, onPage, page, onChange, isCompact, textKeys }: ListPaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / onPage));
  if (pages <= 1) return null;
  return (
    <Center>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        siblings={isCompact ? 0 : 1}
        getControlProps={(control) => ({ 'aria-label': t(`${textKeys}.${control}`) })}
      />
    </Center>
  );
}
