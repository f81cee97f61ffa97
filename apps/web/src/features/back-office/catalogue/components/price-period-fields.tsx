import { Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from '@/lib/i18n';
import { TypedDateInput } from '@/components/typed-date-input';
import type { PeriodForm, PriceField } from '../utils/offer-form';
import { RemoveRowButton } from './remove-row-button';

type PricesForm = UseFormReturnType<{ periods: PeriodForm[] }>;

const PRICE_FIELDS: Record<'trip' | 'person', PriceField[]> = {
  trip: ['netTrip', 'recTrip'],
  person: ['netAdult', 'recAdult', 'netChild', 'recChild'],
};

// One price period: its dates and the net and recommended prices (per trip, or per adult and child), in AED
export function PricePeriodFields({ form, index, perTrip }: { form: PricesForm; index: number; perTrip: boolean }) {
  const { t } = useTranslation();
  const period = form.values.periods[index];
  const date = (field: 'validFrom' | 'validTo') => (
    <TypedDateInput
      label={t(`boCatalogue.prices.fields.${field}`)}
      value={period?.[field] ?? ''}
      onChange={(value) => form.setFieldValue(`periods.${index}.${field}`, value)}
      error={form.errors[`periods.${index}.${field}`]}
    />
  );
  return (
    <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <SimpleGrid cols={2} spacing="xs" style={{ flex: 1 }}>
          {date('validFrom')}
          {date('validTo')}
        </SimpleGrid>
        <RemoveRowButton label={t('boCatalogue.prices.remove')} onClick={() => form.removeListItem('periods', index)} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {PRICE_FIELDS[perTrip ? 'trip' : 'person'].map((field) => (
          <NumberInput
            key={field}
            label={t(`boCatalogue.prices.fields.${field}`)}
            min={0}
            decimalScale={2}
            suffix=" AED"
            {...form.getInputProps(`periods.${index}.${field}`)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
