import { useMemo } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { BOOKING_MESSAGES } from '@portal/contract';
import type { Hotel, Offer, TourDetails } from '@portal/contract';
import { IconBus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { requiredField } from '@/components/required-field';
import { translateMessage } from '@/lib/i18n';
import { useHotels } from '../api/get-hotels';
import { usePickUpTime } from '../api/get-pick-up-time';
import { isValidPickUpHotel } from '../utils/checkout-form';
import type { CheckoutFormValues } from '../utils/checkout-form';
import { NoticeAlert } from '@/components/notice-alert';

type PickUpHotelFieldProps = {
  form: UseFormReturnType<CheckoutFormValues>;
  tour: TourDetails;
  offer: Offer;
  time: string | null;
  onHotelChange: (hotel: Hotel | null) => void;
};

// SPEC §2 pick-up hotel search: hotels of the tour's country; the city must be a pick-up city of the offer (SPEC §5)
export function PickUpHotelField({ form, tour, offer, time, onHotelChange }: PickUpHotelFieldProps) {
  const { t } = useTranslation();
  const hotels = useHotels(tour.country.id);
  const hotelId = form.values.guest.hotelId ?? null;
  const hotel = hotels.data?.find((h) => h.id === hotelId) ?? null;
  const isValid = hotel !== null && isValidPickUpHotel(offer, hotel);
  const pickUp = usePickUpTime(offer.id, isValid ? hotelId : null, time);
  const data = useMemo(
    () =>
      (hotels.data ?? []).map((h) => ({
        value: String(h.id),
        label: `${h.name} — ${h.area ? `${h.area}, ` : ''}${h.cityName}`,
      })),
    [hotels.data],
  );
  const cities = offer.validPickUpCities.map((city) => city.name).join(', ');

  const handleChange = (value: string | null) => {
    const chosen = hotels.data?.find((h) => String(h.id) === value) ?? null;
    form.setFieldValue('guest.hotelId', chosen?.id ?? null);
    form.setFieldValue('guest.hotel', chosen?.name ?? '');
    onHotelChange(chosen);
    if (chosen && !isValidPickUpHotel(offer, chosen))
      form.setFieldError('guest.hotel', translateMessage(BOOKING_MESSAGES.invalidCity));
    else form.clearFieldError('guest.hotel');
  };

  return (
    <Stack gap={6}>
      <Select
        label={t('checkout.pickUp.hotel')}
        description={cities ? t('checkout.pickUp.cities', { cities }) : undefined}
        placeholder={t('checkout.pickUp.search')}
        searchable
        clearable
        limit={50}
        nothingFoundMessage={hotels.isLoading ? t('common.loading') : t('checkout.pickUp.nothingFound')}
        leftSection={<IconSearch size={16} />}
        data={data}
        value={hotelId === null ? null : String(hotelId)}
        onChange={handleChange}
        error={form.errors['guest.hotel']}
        {...requiredField}
        data-testid="pick-up-hotel"
      />
      {isValid && (
        <NoticeAlert color="brand" icon={IconBus} iconSize={18} py="xs" testId="pick-up-time">
          {pickUp.isLoading ? (
            <Text size="sm">{t('common.loading')}</Text>
          ) : pickUp.data?.value ? (
            <Text size="sm">{t('checkout.pickUp.time', { time: pickUp.data.value })}</Text>
          ) : (
            <Text size="sm">{t('checkout.pickUp.timeLater')}</Text>
          )}
        </NoticeAlert>
      )}
    </Stack>
  );
}
