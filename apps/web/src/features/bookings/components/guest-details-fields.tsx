import { Suspense, lazy, type ClipboardEvent } from 'react';
import { Grid, TextInput, Textarea, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Hotel, Offer, TourDetails } from '@portal/contract';
import { IconUser } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { requiredField } from '@/components/required-field';
import type { CheckoutFormValues } from '../utils/checkout-form';
import { CheckoutSection } from './checkout-section';

// the hotel search (a Select: Mantine's combobox and popover) loads only for an offer with pick-up
const PickUpHotelField = lazy(() => import('./pick-up-hotel-field').then((m) => ({ default: m.PickUpHotelField })));

// The guest's contacts, two to a row; the reconfirmed email is typed again, not pasted
const CONTACT_FIELDS = [
  { name: 'name', autoComplete: 'name' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  {
    name: 'confirmEmail',
    type: 'email',
    autoComplete: 'off',
    onPaste: (event: ClipboardEvent) => event.preventDefault(),
  },
] as const;

type GuestFieldProps = Omit<TextInputProps, 'name' | 'form'> & {
  form: UseFormReturnType<CheckoutFormValues>;
  name: 'name' | 'phone' | 'email' | 'confirmEmail' | 'hotel' | 'room';
};

// One of the guest's required details, labelled by its name
function GuestField({ form, name, ...input }: GuestFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t(`checkout.guest.${name}`)}
      {...input}
      {...requiredField}
      {...form.getInputProps(`guest.${name}`)}
    />
  );
}

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
        {CONTACT_FIELDS.map((field) => (
          <Grid.Col key={field.name} span={{ base: 12, sm: 6 }}>
            <GuestField form={form} {...field} />
          </Grid.Col>
        ))}
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
            <GuestField form={form} name="hotel" autoComplete="off" />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <GuestField form={form} name="room" autoComplete="off" />
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
