import { SegmentedControl, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { requiredField } from '@/components/required-field';
import type { OfferForm } from '../utils/offer-form';

function Choice({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

// How an offer is priced (per person or trip) and sold (start times, or opening hours)
export function OfferAvailabilityFields({ form }: { form: UseFormReturnType<OfferForm> }) {
  const { t } = useTranslation();
  const v = form.values;
  // an opening-hours offer's opening or closing time (empty until set)
  const hoursField = (field: 'openingTime' | 'closingTime') => (
    <TextInput
      size="sm"
      type="time"
      label={t(`boCatalogue.offer.fields.${field}`)}
      {...form.getInputProps(field)}
      value={v[field] ?? ''}
    />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Choice label={t('boCatalogue.offer.fields.pricingUnit')}>
          <SegmentedControl
            data={(['person', 'trip'] as const).map((u) => ({ value: u, label: t(`boCatalogue.offer.units.${u}`) }))}
            {...form.getInputProps('pricingUnit')}
          />
        </Choice>
        <Choice label={t('boCatalogue.offer.fields.availabilityType')}>
          <SegmentedControl
            data={(['timeslots', 'openingHours'] as const).map((a) => ({
              value: a,
              label: t(`boCatalogue.offer.availability.${a}`),
            }))}
            {...form.getInputProps('availabilityType')}
          />
        </Choice>
      </SimpleGrid>
      {v.availabilityType === 'timeslots' ? (
        <TagsInput
          label={t('boCatalogue.offer.fields.startTimes')}
          description={t('boCatalogue.offer.startTimesHint')}
          placeholder="10:00"
          {...requiredField}
          {...form.getInputProps('startTimes')}
        />
      ) : (
        <SimpleGrid cols={2} spacing="sm">
          {hoursField('openingTime')}
          {hoursField('closingTime')}
        </SimpleGrid>
      )}
    </>
  );
}
