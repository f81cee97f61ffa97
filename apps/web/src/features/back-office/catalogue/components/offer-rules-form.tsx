import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AdminOffer } from '@portal/contract';
import { useTranslation } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useSaveOffer } from '../api/catalogue';
import { applyServerErrors } from '@/lib/form';
import { offerBody, offerValues, type OfferForm } from '../utils/offer-form';
import { CancellationTiersField } from './cancellation-tiers-field';
import { OfferAvailabilityFields } from './offer-availability-fields';
import { OfferCapacityFields } from './offer-capacity-fields';
import { OfferTextFields } from './offer-text-fields';

type OfferRulesFormProps = {
  tourId: number;
  offer: AdminOffer | null;
  ticketTypes: { value: string; label: string }[];
  onCreated: (offerId: number) => void;
};

// An offer's texts and rules, saved apart from its prices; the server's refusals are shown under the fields
export function OfferRulesForm({ tourId, offer, ticketTypes, onCreated }: OfferRulesFormProps) {
  const { t } = useTranslation();
  const save = useSaveOffer(tourId, offer?.id ?? null);
  const form = useForm<OfferForm>({ initialValues: offerValues(offer, ticketTypes[0]?.value ?? null) });

  const handleSubmit = form.onSubmit((values) =>
    save.mutate(offerBody(values), {
      onSuccess: (saved) => {
        notify.success(t('boCatalogue.offer.saved'));
        if (!offer) onCreated(saved.id);
      },
      onError: (error) => applyServerErrors(form, error),
    }),
  );

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="offer-form">
      <Stack gap="sm">
        <OfferTextFields form={form} />
        <OfferAvailabilityFields form={form} />
        <OfferCapacityFields form={form} ticketTypes={ticketTypes} />
        <CancellationTiersField form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="save-offer">
            {offer ? t('boCatalogue.offer.save') : t('boCatalogue.offer.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
