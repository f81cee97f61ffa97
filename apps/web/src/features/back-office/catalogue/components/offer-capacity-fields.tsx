import { NumberInput, Select, SimpleGrid, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from '@/lib/i18n';
import type { OfferForm } from '../utils/offer-form';

type CountField = 'adultCapacity' | 'childCapacity' | 'slotCapacity' | 'minPeople' | 'maxPeople' | 'cutOffHours';
type AgeField = 'infantMaxAge' | 'childMaxAge';

type OfferCapacityFieldsProps = {
  form: UseFormReturnType<OfferForm>;
  ticketTypes: { value: string; label: string }[];
};

// An offer's stock per slot (one, or adults and children apart on a shared ticket), people, cut-off and ages, its
// ticket type, and whether it is confirmed at once and on sale
export function OfferCapacityFields({ form, ticketTypes }: OfferCapacityFieldsProps) {
  const { t } = useTranslation();
  const count = (field: CountField, min: number) => (
    <NumberInput
      label={t(`boCatalogue.offer.fields.${field}`)}
      min={min}
      allowDecimal={false}
      {...form.getInputProps(field)}
    />
  );
  const age = (field: AgeField) => (
    <NumberInput
      label={t(`boCatalogue.offer.fields.${field}`)}
      min={0}
      max={17}
      allowDecimal={false}
      {...form.getInputProps(field)}
    />
  );
  const toggle = (field: 'isInstant' | 'isActive') => (
    <Switch
      mt={{ base: 0, sm: 'lg' }}
      label={t(`boCatalogue.offer.fields.${field}`)}
      {...form.getInputProps(field, { type: 'checkbox' })}
    />
  );
  return (
    <>
      <Switch
        label={t('boCatalogue.offer.fields.sameTicket')}
        description={t('boCatalogue.offer.sameTicketHint')}
        {...form.getInputProps('isSameTicketForAdultsAndChildren', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {form.values.isSameTicketForAdultsAndChildren ? (
          <>
            {count('adultCapacity', 0)}
            {count('childCapacity', 0)}
          </>
        ) : (
          count('slotCapacity', 0)
        )}
        {count('minPeople', 1)}
        {count('maxPeople', 1)}
        {count('cutOffHours', 0)}
        {age('infantMaxAge')}
        {age('childMaxAge')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={t('boCatalogue.offer.fields.ticketType')}
          data={ticketTypes}
          {...form.getInputProps('ticketTypeId')}
        />
        {toggle('isInstant')}
        {toggle('isActive')}
      </SimpleGrid>
    </>
  );
}
