import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { OfferForm } from '../utils/offer-form';
import { RemoveRowButton } from './remove-row-button';

// The cancellation tiers: the percent kept when cancelled less than so many hours before the start
export function CancellationTiersField({ form }: { form: UseFormReturnType<OfferForm> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('boCatalogue.offer.fields.cancellation')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('boCatalogue.offer.cancellationHint')}
      </Text>
      {form.values.cancellationPolicy.map((_tier, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
          <NumberInput
            label={i === 0 ? t('boCatalogue.offer.fields.hours') : undefined}
            aria-label={t('boCatalogue.offer.fields.hours')}
            min={0}
            allowDecimal={false}
            style={{ flex: 1 }}
            {...form.getInputProps(`cancellationPolicy.${i}.hours`)}
          />
          <NumberInput
            label={i === 0 ? t('boCatalogue.offer.fields.percents') : undefined}
            aria-label={t('boCatalogue.offer.fields.percents')}
            min={0}
            max={100}
            allowDecimal={false}
            style={{ flex: 1 }}
            {...form.getInputProps(`cancellationPolicy.${i}.percents`)}
          />
          <RemoveRowButton
            label={t('boCatalogue.offer.removeTier')}
            onClick={() => form.removeListItem('cancellationPolicy', i)}
          />
        </Group>
      ))}
      {form.errors.cancellationPolicy ? (
        <Text size="xs" c="red">
          {form.errors.cancellationPolicy}
        </Text>
      ) : null}
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        onClick={() => form.insertListItem('cancellationPolicy', { hours: 48, percents: 100 })}
      >
        {t('boCatalogue.offer.addTier')}
      </Button>
    </Stack>
  );
}
