import { Suspense, lazy } from 'react';
import { Grid, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Hotel, Offer, TourDetails } from '@portal/contract';
import { IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { requiredField } from '@/components/required-field';
import type { CheckoutFormValues } from '../utils/checkout-form';
import { CheckoutSection } from './checkout-section';
import { EmailField } from '@/components/email-field';

// the hotel search (a Select: Mantine's combobox and popover) loads only for an offer with pick-up
const PickUpHotelField = lazy(() => import('./pick-up-hotel-field').then((m) => ({ default: m.PickUpHotelField })));

type GuestDetailsFieldsProps = {
  form: UseFormReturnType<CheckoutFormValues>;
  tour: TourDetails;
  offer: Offer;
  time: string | null;
  onHotelChange: (hotel: Hotel | null) => void;
};

// SPEC §2/§5 checkout: guest name, email and reconfirm email, phone, hotel (pick-up search when the offer has it), room
export function GuestDetailsFields({ form, tour, offer, time, onHotelChange }: GuestDetailsFieldsProps) {
  const { t } = useTranslation();
  return (
    <CheckoutSection id="guest-title" icon={IconUser} title={t('checkout.guest.title')}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('checkout.guest.name')}
            autoComplete="name"
            {...requiredField}
            {...form.getInputProps('guest.name')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('checkout.guest.phone')}
            type="tel"
            autoComplete="tel"
            {...requiredField}
            {...form.getInputProps('guest.phone')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EmailField label={t('checkout.guest.email')} autoComplete="email" {...form.getInputProps('guest.email')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <EmailField
            label={t('checkout.guest.confirmEmail')}
            autoComplete="off"
            onPaste={(event) => event.preventDefault()}
            {...form.getInputProps('guest.confirmEmail')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          {offer.hasPickUp ? (
            <Suspense
              fallback={
                <TextInput
                  label={t('checkout.pickUp.hotel')}
                  placeholder={t('checkout.pickUp.search')}
                  {...requiredField}
                  readOnly
                />
              }
            >
              <PickUpHotelField form={form} tour={tour} offer={offer} time={time} onHotelChange={onHotelChange} />
            </Suspense>
          ) : (
            <TextInput
              label={t('checkout.guest.hotel')}
              autoComplete="off"
              {...requiredField}
              {...form.getInputProps('guest.hotel')}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t('checkout.guest.room')}
            autoComplete="off"
            {...requiredField}
            {...form.getInputProps('guest.room')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label={t('checkout.guest.notes')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            {...form.getInputProps('notes')}
          />
        </Grid.Col>
      </Grid>
    </CheckoutSection>
  );
}
