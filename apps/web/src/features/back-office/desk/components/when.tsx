import { formatDate } from '@/lib/format';
import { useLocale } from '@/lib/locale';

// A booking's or a request's tour date, and its start time when it has one: "05 Mar, 26, 18:00"
export function When({ row }: { row: { bookingDate: string; time: string | null } }) {
  const { language } = useLocale();
  return (
    <>
      {formatDate(row.bookingDate, language)}
      {row.time ? `, ${row.time}` : ''}
    </>
  );
}
