import { List, Text } from '@mantine/core';
import type { CancellationTier } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';

// SPEC §9: tiers by hours descending; below the last tier the booking is non-refundable
export function CancellationPolicy({ policy }: { policy: readonly CancellationTier[] }) {
  const { t } = useTranslation();
  const tiers = [...policy].sort((a, b) => b.hours - a.hours);
  const last = tiers.at(-1);
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        {t('catalogue.cancellation.title')}
      </Text>
      {last ? (
        <List size="xs" c="gray.7" spacing={2}>
          {tiers.map((tier) => (
            <List.Item key={tier.hours}>
              {t('catalogue.cancellation.tier', { percents: tier.percents, hours: tier.hours })}
            </List.Item>
          ))}
          <List.Item>{t('catalogue.cancellation.after', { hours: last.hours })}</List.Item>
        </List>
      ) : (
        <Text size="xs" c="gray.7">
          {t('catalogue.cancellation.none')}
        </Text>
      )}
    </div>
  );
}
