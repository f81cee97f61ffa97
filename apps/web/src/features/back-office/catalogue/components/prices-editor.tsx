import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AdminOffer } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSavePrices } from '../api/catalogue';
import { applyServerErrors } from '@/lib/form';
import { emptyPeriod, periodsBody, periodValues, type PeriodForm } from '../utils/offer-form';
import { PricePeriodFields } from './price-period-fields';

const today = () => new Date().toISOString().slice(0, 10);

// An offer's price periods, saved together; bookings keep the prices they were made at
export function PricesEditor({ tourId, offer }: { tourId: number; offer: AdminOffer }) {
  const { t } = useTranslation();
  const save = useSavePrices(tourId, offer.id);
  const perTrip = offer.pricingUnit === 'trip';
  const form = useForm<{ periods: PeriodForm[] }>({ initialValues: { periods: periodValues(offer, today()) } });
  const handleSubmit = form.onSubmit((values) =>
    save.mutate(
      { periods: periodsBody(values.periods, perTrip) },
      {
        onSuccess: () => notify.success(t('boCatalogue.prices.saved')),
        onError: (error) => applyServerErrors(form, error),
      },
    ),
  );
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="prices-form">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('boCatalogue.prices.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('boCatalogue.prices.hint')}
        </Text>
        {form.values.periods.map((_p, i) => (
          <PricePeriodFields key={i} form={form} index={i} perTrip={perTrip} />
        ))}
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem('periods', emptyPeriod(today()))}
          >
            {t('boCatalogue.prices.add')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="save-prices">
            {t('boCatalogue.prices.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
