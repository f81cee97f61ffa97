import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

// Whether a tour or a promo code is on: "Active" or "Inactive"
export function ActiveBadge({ isActive, size }: { isActive: boolean; size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Badge color={isActive ? 'teal' : 'gray'} variant="light" size={size}>
      {isActive ? t('boCatalogue.tours.active') : t('boCatalogue.tours.inactive')}
    </Badge>
  );
}
